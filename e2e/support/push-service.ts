/**
 * The push service stand-in of the API tests (apps/api/test/push-service-stand-in.ts): a local HTTP
 * server in the test's process that receives pushes, checks their VAPID signature and decrypts them
 * with the stand-in browser's keys, written with node:crypto alone.
 */
export { startPushServiceStandIn, verifyVapid } from '../../apps/api/test/push-service-stand-in';
export type { PushServiceStandIn, StandInBrowser } from '../../apps/api/test/push-service-stand-in';
