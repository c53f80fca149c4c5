import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { TimeWindowPolicy } from '../../../src/policies/index.js';
import { offlineClient } from '../../support/offline-client.js';
import { callWith } from './value-policy-kit.js';

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'];

describe('TimeWindowPolicy', () => {
  let client: Client;
  beforeEach(() => (client = offlineClient()));
  afterEach(() => client.close());
  const at = (iso: string) => () => new Date(iso);
  const statusAt = async (policy: TimeWindowPolicy) => (await callWith(client, [policy], 'echo_tool', {})).raw;

  describe('when the window is within one day', () => {
    it('allows from `from` up to (not including) `to` on listed days, in the zone’s local time', async () => {
      // 2026-03-02 is a Monday; Zurich is UTC+1 in winter.
      const open = { timeZone: 'Europe/Zurich', days: weekdays, from: '09:00', to: '17:30' };
      expect((await statusAt(new TimeWindowPolicy({ ...open, now: at('2026-03-02T08:00:00Z') }))).status).to.equal('SUCCESS');
      expect((await statusAt(new TimeWindowPolicy({ ...open, now: at('2026-03-02T16:29:59Z') }))).status).to.equal('SUCCESS');
      const closed = await statusAt(new TimeWindowPolicy({ ...open, now: at('2026-03-02T16:30:00Z') }));
      expect(closed.blockedBy).to.deep.equal({
        policy: 'Time Window Policy',
        stage: 'preToolExecution',
        reason: 'it is Mon 17:30 in Europe/Zurich; calls are allowed Mon, Tue, Wed, Thu, Fri 09:00–17:30 (Europe/Zurich)',
      });
      expect((await statusAt(new TimeWindowPolicy({ ...open, now: at('2026-03-07T10:00:00Z') }))).blockedBy?.reason).to.contain('it is Sat 11:00');
    });

    it('follows the zone’s daylight-saving time', async () => {
      // In summer Zurich is UTC+2: 07:30 UTC is 09:30 there.
      const policy = new TimeWindowPolicy({ timeZone: 'Europe/Zurich', days: ['Monday'], from: '09:00', to: '10:00', now: at('2026-07-06T07:30:00Z') });
      expect((await statusAt(policy)).status).to.equal('SUCCESS');
    });
  });

  describe('when the window runs past midnight', () => {
    it('opens on a listed day and closes the next morning', async () => {
      const night = { timeZone: 'UTC', days: ['fri'], from: '22:00', to: '06:00' };
      expect((await statusAt(new TimeWindowPolicy({ ...night, now: at('2026-03-06T23:00:00Z') }))).status).to.equal('SUCCESS');
      expect((await statusAt(new TimeWindowPolicy({ ...night, now: at('2026-03-07T05:59:00Z') }))).status).to.equal('SUCCESS');
      expect((await statusAt(new TimeWindowPolicy({ ...night, now: at('2026-03-07T06:00:00Z') }))).status).to.equal('ERROR');
      expect((await statusAt(new TimeWindowPolicy({ ...night, now: at('2026-03-06T05:00:00Z') }))).status).to.equal('ERROR');
    });

    it('covers a whole day from 00:00 to 24:00', async () => {
      const policy = new TimeWindowPolicy({ timeZone: 'UTC', days: ['sun'], from: '00:00', to: '24:00', now: at('2026-03-08T23:59:59Z') });
      expect((await statusAt(policy)).status).to.equal('SUCCESS');
    });
  });

  describe('when constructed with bad options', () => {
    it('refuses them with a clear message', () => {
      const ok = { timeZone: 'UTC', days: ['mon'], from: '09:00', to: '17:00' };
      const cases: [unknown, string][] = [
        [{ ...ok, timeZone: 'Mars/Olympus' }, `'timeZone' must be an IANA time zone this runtime knows, such as "Europe/Zurich", "America/New_York" or "UTC", got "Mars/Olympus"`],
        [{ ...ok, timeZone: '' }, "'timeZone' must be an IANA time zone"],
        [{ ...ok, days: [] }, "'days' must be a non-empty list"],
        [{ ...ok, days: ['mon', 'funday'] }, `'days[1]' must be a weekday: mon, tue, wed, thu, fri, sat or sun, got "funday"`],
        [{ ...ok, from: '9:00' }, `'from' must be a time "HH:MM"`],
        [{ ...ok, to: '24:01' }, `'to' must be a time "HH:MM"`],
        [{ ...ok, to: '09:00' }, 'the window would be empty'],
        [{ ...ok, zone: 'UTC' }, "unknown option 'zone'"],
        [{ ...ok, now: 5 }, "'now' must be a function"],
      ];
      for (const [options, message] of cases) expect(() => new TimeWindowPolicy(options as never), JSON.stringify(options)).to.throw(message);
    });
  });
});
