import { JoinPage } from '../../features/team/components/join-page';

/** /join?token=... : the invitation to a brand's team. */
export function JoinRoute() {
  return <JoinPage />;
}
