import { buildCompiledServer } from '../../test/compiled-server';

/** The fault suite's global setup: the compiled server its nodes run, built if its sources changed. */
export default function setup(): void {
  buildCompiledServer();
}
