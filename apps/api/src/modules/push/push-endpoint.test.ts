import { describe, expect, it } from 'vitest';

import type { Config } from '../../config';
import { DEFAULT_PUSH_HOSTS, loadConfig } from '../../config';
import { isAllowedPushEndpoint } from './push-endpoint';

const defaults: Config['push'] = {
  allowedHosts: DEFAULT_PUSH_HOSTS,
  allowLoopback: false,
  vapidKeys: undefined,
  vapidSubject: 'mailto:x@y.z',
};
const allowed = (endpoint: string, push = defaults) => isAllowedPushEndpoint(endpoint, push);

describe('push endpoints: only the browsers push services', () => {
  it('accepts the endpoints Chrome, Firefox, Edge and Safari hand out', () => {
    expect(allowed('https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH')).toBe(true);
    expect(allowed('https://fcm.googleapis.com/wp/dQw4w9WgXcQ')).toBe(true);
    expect(allowed('https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk')).toBe(true);
    expect(allowed('https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB')).toBe(true);
    expect(allowed('https://web.push.apple.com/QGuQyavXutnMH5zW0Xp')).toBe(true);
    expect(allowed('https://FCM.googleapis.com/fcm/send/x')).toBe(true);
  });

  it('refuses any other address a user could choose', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x', // not https
      'https://fcm.googleapis.com:8443/fcm/send/x', // another port
      'https://user:pw@fcm.googleapis.com/fcm/send/x', // credentials
      'https://fcm.googleapis.com.evil.example/x', // a look-alike
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com/x', // the wildcard is for subdomains only
      'https://push.apple.com.evil.example/x',
      'https://example.com/push',
      'https://169.254.169.254/latest/meta-data', // cloud metadata
      'https://10.0.0.1/x',
      'http://127.0.0.1:8080/push', // loopback, without the test setting
      'https://localhost/push',
      'https://[::1]/push',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(allowed(endpoint), endpoint).toBe(false);
    }
  });

  it('accepts loopback addresses only with PUSH_ALLOW_LOOPBACK, and nothing else besides', () => {
    const tests = { ...defaults, allowLoopback: true };
    expect(allowed('http://127.0.0.1:43210/push/a', tests)).toBe(true);
    expect(allowed('http://localhost:43210/push/a', tests)).toBe(true);
    expect(allowed('http://[::1]:43210/push/a', tests)).toBe(true);
    expect(allowed('http://10.0.0.1/push', tests)).toBe(false);
    expect(allowed('ftp://127.0.0.1/push', tests)).toBe(false);
  });

  it('reads PUSH_ALLOWED_HOSTS, and refuses the settings that would open it up', () => {
    const config = loadConfig({ PUSH_ALLOWED_HOSTS: 'push.example.com, *.push.example.net' });
    expect(config.push.allowedHosts).toEqual(['push.example.com', '*.push.example.net']);
    expect(allowed('https://push.example.com/x', config.push)).toBe(true);
    expect(allowed('https://a.push.example.net/x', config.push)).toBe(true);
    expect(allowed('https://fcm.googleapis.com/x', config.push)).toBe(false);
    expect(loadConfig({}).push.allowedHosts).toEqual(DEFAULT_PUSH_HOSTS);
    expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: '*' })).toThrow(/PUSH_ALLOWED_HOSTS/);
    expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: 'https://fcm.googleapis.com' })).toThrow(/PUSH_ALLOWED_HOSTS/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: '1' })).toThrow(
      /PUSH_ALLOW_LOOPBACK=1 is refused with NODE_ENV=production/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
