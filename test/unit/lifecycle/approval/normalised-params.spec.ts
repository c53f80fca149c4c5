import { expect } from 'chai';
import { AccountId, Hbar, Long, PrivateKey, TransferTransaction } from '@hiero-ledger/sdk';
import { NormalisedParamsLock as ApprovalLock } from '../../../../src/lifecycle/approval/index.js';
import { ErrorCode } from '../../../../src/errors/index.js';

/** The first byte array inside a value (a key's raw bytes), wherever the SDK keeps it. */
function bytesIn(value: unknown, depth = 0): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value && typeof value === 'object' && depth < 8) {
    for (const entry of Object.values(value)) {
      try {
        return bytesIn(entry, depth + 1);
      } catch {
        // not under this field
      }
    }
  }
  throw new Error('no bytes inside');
}

const changed = (lock: ApprovalLock) => () => lock.assertUnchanged('transfer_hbar_tool', 'postParamsNormalization');

describe('ApprovalLock: approved normalised params cannot change unseen', () => {
  it('freezes plain containers and SDK values all the way down, so an in-place edit throws at the write', () => {
    const params = { hbarTransfers: [{ accountId: AccountId.fromString('0.0.1001'), amount: new Hbar(1) }] };
    ApprovalLock.of(params);
    const line = params.hbarTransfers[0]!;
    expect(() => ((line.accountId as unknown as { num: Long }).num = Long.fromNumber(666))).to.throw(TypeError);
    expect(() => ((line.accountId.num as unknown as { low: number }).low = 666)).to.throw(TypeError);
    expect(() => ((line.amount as unknown as { _valueInTinybar: unknown })._valueInTinybar = null)).to.throw(TypeError);
    expect(() => params.hbarTransfers.push(line)).to.throw(TypeError);
    expect(line.accountId.toString()).to.equal('0.0.1001');
    expect(line.amount.toTinybars().toString()).to.equal('100000000');
  });

  it('leaves SDK values working after they are frozen', () => {
    const params = { to: AccountId.fromString('0.0.1001'), amount: Hbar.fromTinybars(5), key: PrivateKey.generateED25519().publicKey };
    ApprovalLock.of(params);
    const transaction = new TransferTransaction().addHbarTransfer(params.to, params.amount).addHbarTransfer('0.0.2', params.amount.negated());
    expect(transaction.hbarTransfers.get(params.to)?.toTinybars().toString()).to.equal('5');
    expect(params.key.toStringDer()).to.match(/^302a/);
  });

  it('guards bytes, which cannot be frozen: a changed key byte is refused with APPROVAL_CHANGED', () => {
    const key = PrivateKey.generateED25519().publicKey;
    const params = { adminKey: key };
    const lock = ApprovalLock.of(params);
    expect(changed(lock)).not.to.throw();
    const bytes = bytesIn(key);
    bytes[0] = bytes[0]! ^ 0xff;
    expect(changed(lock)).to.throw().with.property('code', ErrorCode.APPROVAL_CHANGED);
  });

  it('guards what lives in internal slots (Map, Date) and live SDK objects by fingerprint', () => {
    const map = new Map([['0.0.1001', 5]]);
    const when = new Date(0);
    const transaction = new TransferTransaction();
    const lock = ApprovalLock.of({ map, when, transaction });
    expect(Object.isFrozen(transaction)).to.equal(false);
    expect(changed(lock)).not.to.throw();
    map.set('0.0.1001', 6);
    expect(changed(lock)).to.throw().with.property('code', ErrorCode.APPROVAL_CHANGED);
    const again = ApprovalLock.of({ when });
    when.setTime(1);
    expect(changed(again)).to.throw().with.property('code', ErrorCode.APPROVAL_CHANGED);
  });

  it('still guards bytes inside a value an earlier call already locked (shared constants)', () => {
    const key = PrivateKey.generateED25519().publicKey;
    ApprovalLock.of({ adminKey: key });
    const second = ApprovalLock.of({ adminKey: key, memo: 'again' });
    bytesIn(key)[1] ^= 0xff;
    expect(changed(second)).to.throw().with.property('code', ErrorCode.APPROVAL_CHANGED);
  });

  it('terminates on cycles and keeps guarding what hangs off them', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const node: Record<string, unknown> = { bytes };
    node.self = node;
    const lock = ApprovalLock.of({ node });
    bytes[0] = 9;
    expect(changed(lock)).to.throw().with.property('code', ErrorCode.APPROVAL_CHANGED);
  });

  it('locks params that share objects deeply in bounded work, and still sees a change under them', () => {
    // 40 levels of diamonds: walked once per path, that would be 2^40 visits.
    const bytes = new Uint8Array([1]);
    let node: Record<string, unknown> = { bytes };
    for (let level = 0; level < 40; level++) node = { left: node, right: node };
    const lock = ApprovalLock.of(node);
    expect(changed(lock)).not.to.throw();
    bytes[0] = 2;
    expect(changed(lock)).to.throw().with.property('code', ErrorCode.APPROVAL_CHANGED);
  });

  it('walks a plain object that claims to be a Long, so what hangs off it is frozen too', () => {
    const inner = { to: '0.0.1001' };
    ApprovalLock.of({ amount: { __isLong__: true, low: 1, high: 0, inner } });
    expect(Object.isFrozen(inner)).to.equal(true);
  });

  it('passes when nothing changed, however often it is checked', () => {
    const lock = ApprovalLock.of({ hbarTransfers: [{ accountId: AccountId.fromString('0.0.7'), amount: new Hbar(2) }], memo: 'ok' });
    for (let i = 0; i < 3; i++) expect(changed(lock)).not.to.throw();
  });
});
