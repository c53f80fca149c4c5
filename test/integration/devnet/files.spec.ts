import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import {
  type Client, ContractCallQuery, ContractCreateFlow, ContractFunctionParameters, ExchangeRates, FileAppendTransaction, FileContentsQuery, FileCreateTransaction, FileDeleteTransaction, FileId, FileInfoQuery,
  FileUpdateTransaction, PrecheckStatusError, PrivateKey, ReceiptStatusError, Status, Timestamp, type TransactionReceipt,
} from '@hiero-ledger/sdk';
import { createDevnetClient, startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { Probe } from '../../support/compiled-test-contracts.js';
import { getJson } from '../../support/mirror-openapi.js';

type Executable = { execute(c: Client): Promise<{ getReceipt(c: Client): Promise<TransactionReceipt> }> };

describe('devnet file service (FileCreate, FileAppend, FileUpdate, FileDelete, FileContentsQuery, FileInfoQuery)', function () {
  this.timeout(120_000);
  let net: Devnet;
  let client: Client;
  const fileKey = PrivateKey.generateED25519();

  const receipt = async (tx: Executable | Promise<Executable>) => (await (await tx).execute(client)).getReceipt(client);
  const statusOf = async (tx: Executable | Promise<Executable>) => receipt(tx).then(() => Status.Success, (error: ReceiptStatusError) => error.status);
  const contents = async (id: FileId) => Buffer.from(await new FileContentsQuery().setFileId(id).execute(client));
  const create = async (text: string | Uint8Array, keys = [net.operatorKey.publicKey, fileKey.publicKey]) =>
    (await receipt(new FileCreateTransaction().setKeys(keys).setContents(text).freezeWith(client).sign(fileKey))).fileId!;

  before(async () => {
    net = await startDevnet();
    client = net.client();
  });
  after(async () => { await net.stop(); });

  describe('when a file is created, appended to in chunks and updated', () => {
    it('stores the contents and reports size, keys, memo and expiration', async () => {
      const expiration = new Timestamp(Math.floor(Date.now() / 1000) + 7_000_000, 0);
      const id = (await receipt(new FileCreateTransaction().setKeys([net.operatorKey.publicKey, fileKey.publicKey]).setContents('hello ')
        .setFileMemo('notes').setExpirationTime(expiration).freezeWith(client).sign(fileKey))).fileId!;
      const tail = randomBytes(10_000);
      await receipt(new FileAppendTransaction().setFileId(id).setContents(tail).freezeWith(client).sign(fileKey));
      expect((await contents(id)).equals(Buffer.concat([Buffer.from('hello '), tail]))).to.equal(true);
      const info = await new FileInfoQuery().setFileId(id).execute(client);
      expect(info.size.toNumber()).to.equal(6 + 10_000);
      expect(info.fileMemo).to.equal('notes');
      expect(info.isDeleted).to.equal(false);
      expect(info.expirationTime.seconds.toNumber()).to.equal(expiration.seconds.toNumber());
      expect(info.keys.toArray().map(String)).to.deep.equal([net.operatorKey.publicKey.toString(), fileKey.publicKey.toString()]);
      const appends = await getJson(`${net.mirrorUrl}/api/v1/transactions?transactiontype=FILEAPPEND&result=success`);
      expect(appends.body.transactions).to.have.length(Math.ceil(10_000 / 4096));

      await receipt(new FileUpdateTransaction().setFileId(id).setContents('replaced').setFileMemo('v2').freezeWith(client).sign(fileKey));
      expect((await contents(id)).toString()).to.equal('replaced');
      expect((await new FileInfoQuery().setFileId(id).execute(client)).fileMemo).to.equal('v2');
    });
  });

  describe('when a key of the file has not signed', () => {
    it('answers INVALID_SIGNATURE and leaves the file as it was', async () => {
      const id = await create('kept');
      expect(await statusOf(new FileAppendTransaction().setFileId(id).setContents('more'))).to.equal(Status.InvalidSignature);
      expect(await statusOf(new FileUpdateTransaction().setFileId(id).setContents('other'))).to.equal(Status.InvalidSignature);
      const newKey = PrivateKey.generateED25519();
      expect(await statusOf(new FileUpdateTransaction().setFileId(id).setKeys([newKey.publicKey]).freezeWith(client).sign(fileKey))).to.equal(Status.InvalidSignature);
      expect((await contents(id)).toString()).to.equal('kept');
      expect(await statusOf(new FileCreateTransaction().setKeys([newKey.publicKey]).setContents('x'))).to.equal(Status.InvalidSignature);
    });
  });

  describe('when a file is deleted', () => {
    it('needs one of its keys, then clears it and answers FILE_DELETED to further changes', async () => {
      const id = await create('short-lived');
      expect(await statusOf(new FileDeleteTransaction().setFileId(id).freezeWith(client).sign(fileKey))).to.equal(Status.Success);
      const info = await new FileInfoQuery().setFileId(id).execute(client);
      expect(info.isDeleted).to.equal(true);
      expect(info.size.toNumber()).to.equal(0);
      expect((await contents(id)).length).to.equal(0);
      expect(await statusOf(new FileAppendTransaction().setFileId(id).setContents('more').freezeWith(client).sign(fileKey))).to.equal(Status.FileDeleted);
      expect(await statusOf(new FileUpdateTransaction().setFileId(id).setContents('other').freezeWith(client).sign(fileKey))).to.equal(Status.FileDeleted);
      expect(await statusOf(new FileDeleteTransaction().setFileId(id).freezeWith(client).sign(fileKey))).to.equal(Status.FileDeleted);
    });
  });

  describe('when a file was created without keys', () => {
    it('is immutable: changes and deletion are UNAUTHORIZED', async () => {
      const id = (await receipt(new FileCreateTransaction().setContents('forever'))).fileId!;
      expect(await statusOf(new FileAppendTransaction().setFileId(id).setContents('more'))).to.equal(Status.Unauthorized);
      expect(await statusOf(new FileUpdateTransaction().setFileId(id).setContents('other'))).to.equal(Status.Unauthorized);
      expect(await statusOf(new FileDeleteTransaction().setFileId(id))).to.equal(Status.Unauthorized);
      expect((await contents(id)).toString()).to.equal('forever');
    });
  });

  describe('when the file does not exist', () => {
    it('answers INVALID_FILE_ID to transactions and queries', async () => {
      const missing = FileId.fromString('0.0.99999');
      expect(await statusOf(new FileAppendTransaction().setFileId(missing).setContents('x'))).to.equal(Status.InvalidFileId);
      for (const query of [new FileContentsQuery().setFileId(missing), new FileInfoQuery().setFileId(missing)]) {
        const error = await query.execute(client).then(() => undefined, (e: PrecheckStatusError) => e);
        expect(error?.status).to.equal(Status.InvalidFileId);
      }
    });
  });

  describe('when appends would take a file past 1 MiB', () => {
    it('accepts up to 1 MiB and answers MAX_FILE_SIZE_EXCEEDED beyond', async () => {
      const id = await create(new Uint8Array());
      const mebibyte = randomBytes(1024 * 1024);
      await receipt(new FileAppendTransaction().setFileId(id).setContents(mebibyte).setMaxChunks(300).freezeWith(client).sign(fileKey));
      expect((await new FileInfoQuery().setFileId(id).execute(client)).size.toNumber()).to.equal(1024 * 1024);
      expect(await statusOf(new FileAppendTransaction().setFileId(id).setContents('!').freezeWith(client).sign(fileKey))).to.equal(Status.MaxFileSizeExceeded);
      expect((await contents(id)).equals(mebibyte)).to.equal(true);
    });
  });

  describe('when a contract is created from a bytecode file', () => {
    it('runs the initcode ContractCreateFlow uploaded as hex through FileCreate and FileAppend', async () => {
      const flow = new ContractCreateFlow().setBytecode(Probe.bytecode).setGas(1_000_000).setConstructorParameters(new ContractFunctionParameters().addUint256(6));
      const contractId = (await (await flow.execute(client)).getReceipt(client)).contractId!;
      const stored = await new ContractCallQuery().setContractId(contractId).setGas(50_000).setFunction('stored').execute(client);
      expect(stored.getUint256(0).toNumber()).to.equal(6);
    });
  });

  describe('when reading and changing the system files', () => {
    it('serves the exchange rate in 0.0.112, the same one the mirror answers', async () => {
      const rates = ExchangeRates.fromBytes(await new FileContentsQuery().setFileId('0.0.112').execute(client));
      const mirror = (await getJson(`${net.mirrorUrl}/api/v1/network/exchangerate`)).body;
      expect(rates.currentRate.hbars).to.equal(mirror.current_rate.hbar_equivalent);
      expect(rates.currentRate.cents).to.equal(mirror.current_rate.cent_equivalent);
      expect(rates.nextRate.expirationTime.getTime() / 1000).to.equal(mirror.next_rate.expiration_time);
      expect((await new FileInfoQuery().setFileId('0.0.111').execute(client)).size.toNumber()).to.be.greaterThan(0);
    });

    it('refuses changes by an ordinary account with AUTHORIZATION_FAILED and any deletion with ENTITY_NOT_ALLOWED_TO_DELETE', async () => {
      const user = await net.createAccount({ hbar: 5 });
      const userClient = createDevnetClient(net.grpcAddress, user.accountId, user.privateKey);
      try {
        const run = (tx: Executable) => tx.execute(userClient).then((r) => r.getReceipt(userClient)).then(() => Status.Success, (e: ReceiptStatusError) => e.status);
        expect(await run(new FileUpdateTransaction().setFileId('0.0.112').setContents('free money'))).to.equal(Status.AuthorizationFailed);
        expect(await run(new FileAppendTransaction().setFileId('0.0.111').setContents('x'))).to.equal(Status.AuthorizationFailed);
        expect(await run(new FileDeleteTransaction().setFileId('0.0.111'))).to.equal(Status.EntityNotAllowedToDelete);
      } finally {
        userClient.close();
      }
      expect(ExchangeRates.fromBytes(await new FileContentsQuery().setFileId('0.0.112').execute(client)).currentRate.hbars).to.equal(30_000);
    });
  });
});
