import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { ConfigError } from '../../../src/config/config-error.js';
import { chooseNetwork, type NetworkInput } from '../../../src/config/network-choice.js';

const der = PrivateKey.generateED25519().toStringDer();
const operator = { HEDERA_OPERATOR_ID: '0.0.1234', HEDERA_OPERATOR_KEY: der };

function problemsOf(input: Omit<NetworkInput, 'source'>): string[] {
  try {
    chooseNetwork({ source: 'agent-hooks.config.json', ...input });
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  throw new Error('expected a refusal');
}

function refusalOf(input: NetworkInput): ConfigError {
  try {
    chooseNetwork(input);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a refusal');
}

describe('chooseNetwork', () => {
  describe('when nothing is set', () => {
    it('is the embedded devnet, with no operator and nothing to warn about', () => {
      expect(chooseNetwork({ env: {}, source: 'environment' })).to.deep.equal({ network: 'devnet', chosenBy: 'default', warnings: [] });
    });
  });

  describe('when HEDERA_NETWORK names a network and the config names none', () => {
    it('takes the network from the environment, with the operator', () => {
      const choice = chooseNetwork({ env: { HEDERA_NETWORK: 'Testnet', ...operator }, config: {}, source: 'agent-hooks.config.json' });
      expect(choice).to.deep.include({ network: 'testnet', chosenBy: 'HEDERA_NETWORK', warnings: [] });
      expect(choice.operator!.accountId.toString()).to.equal('0.0.1234');
    });
  });

  describe('when the config and HEDERA_NETWORK disagree', () => {
    it('guesses neither', () => {
      expect(problemsOf({ env: { HEDERA_NETWORK: 'mainnet', ...operator }, config: { network: 'testnet' } })).to.deep.equal([
        'network: agent-hooks.config.json says "testnet" but HEDERA_NETWORK says "mainnet"; remove one of them or make them agree (nothing is guessed between networks)',
      ]);
    });
  });

  describe('when they agree', () => {
    it('is that network, chosen by the config', () => {
      expect(chooseNetwork({ env: { HEDERA_NETWORK: 'testnet', ...operator }, config: { network: 'testnet' }, source: 'x' }).chosenBy).to.equal('config');
    });
  });

  describe('when operator variables are set but no network is chosen', () => {
    it('refuses for a kit that signs, instead of dropping them for a devnet', () => {
      const [problem] = problemsOf({ env: operator });
      expect(problem).to.match(/^HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY are set but no network is chosen; set HEDERA_NETWORK/);
      expect(problem).to.contain('HEDERA_NETWORK=devnet to use the embedded devnet');
    });

    it('only warns when no operator is needed (listing tools), and uses none', () => {
      const choice = chooseNetwork({ env: operator, source: 'x', operator: 'optional' });
      expect(choice.network).to.equal('devnet');
      expect(choice.operator).to.equal(undefined);
      expect(choice.warnings).to.have.length(1);
      expect(choice.warnings[0]).to.match(/^HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY are set but not used: no network is chosen/);
    });
  });

  describe('when the devnet is chosen explicitly and operator variables are set', () => {
    it('runs on the devnet and says the variables are unused', () => {
      for (const input of [{ env: { HEDERA_NETWORK: 'devnet', ...operator } }, { env: operator, config: { network: 'devnet' as const } }]) {
        const choice = chooseNetwork({ source: 'agent-hooks.config.json', ...input });
        expect(choice.network).to.equal('devnet');
        expect(choice.operator).to.equal(undefined);
        expect(choice.warnings).to.have.length(1);
        expect(choice.warnings[0]).to.match(/^HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY are set but not used: network "devnet" \(from (HEDERA_NETWORK|agent-hooks\.config\.json)\)/);
        expect(choice.warnings[0]).to.not.contain(der);
      }
    });
  });

  describe('when a real network has no operator', () => {
    it('names each missing variable, unless no operator is needed', () => {
      expect(problemsOf({ env: { HEDERA_NETWORK: 'previewnet' } })).to.deep.equal([
        'HEDERA_OPERATOR_ID: not set (network "previewnet", chosen by HEDERA_NETWORK, signs as an operator); set it to the operator\'s account ID, e.g. 0.0.1234',
        'HEDERA_OPERATOR_KEY: not set (network "previewnet", chosen by HEDERA_NETWORK, signs as an operator); set it to the operator\'s private key: DER-encoded hex, 0x-prefixed ECDSA hex, or raw hex with HEDERA_OPERATOR_KEY_TYPE=ed25519|ecdsa',
      ]);
      expect(chooseNetwork({ env: { HEDERA_NETWORK: 'previewnet' }, source: 'x', operator: 'optional' }).operator).to.equal(undefined);
    });

    it('blames the environment, not the file that chose the network', () => {
      const error = refusalOf({ env: { HEDERA_OPERATOR_ID: '0.0.7' }, config: { network: 'testnet' }, source: '/srv/agent/agent-hooks.config.json' });
      expect(error.source).to.equal('environment');
      expect(error.message.split('\n')).to.deep.equal([
        'Missing or invalid environment variables:',
        '  - HEDERA_OPERATOR_KEY: not set (network "testnet", chosen by /srv/agent/agent-hooks.config.json, signs as an operator); set it to the operator\'s private key: DER-encoded hex, 0x-prefixed ECDSA hex, or raw hex with HEDERA_OPERATOR_KEY_TYPE=ed25519|ecdsa',
      ]);
      // A problem in the file's own settings still names the file.
      const mixed = refusalOf({ env: { HEDERA_NETWORK: 'mainnet' }, config: { network: 'testnet' }, source: 'agent-hooks.config.json' });
      expect(mixed.source).to.equal('agent-hooks.config.json');
      expect(mixed.message).to.match(/^Invalid configuration \(agent-hooks\.config\.json\):/);
    });
  });

  describe('when HEDERA_NETWORK is unknown or "local"', () => {
    it('says what it accepts', () => {
      expect(problemsOf({ env: { HEDERA_NETWORK: 'moonnet' } })).to.deep.equal(['HEDERA_NETWORK: "moonnet" is not a network; use one of devnet, testnet, mainnet, previewnet']);
      expect(problemsOf({ env: { HEDERA_NETWORK: 'local' } })[0]).to.match(/^HEDERA_NETWORK: "local" needs the node's addresses; set "network": "local"/);
    });
  });

  describe('when the mirror is given', () => {
    it('takes the config, else HEDERA_MIRROR_NODE_URL, and refuses a disagreement', () => {
      expect(chooseNetwork({ env: { HEDERA_MIRROR_NODE_URL: 'http://127.0.0.1:5551' }, source: 'x' }).mirrorNodeUrl).to.equal('http://127.0.0.1:5551');
      expect(chooseNetwork({ env: {}, config: { mirrorNodeUrl: 'http://m:1' }, source: 'x' }).mirrorNodeUrl).to.equal('http://m:1');
      expect(problemsOf({ env: { HEDERA_MIRROR_NODE_URL: 'http://a:1' }, config: { mirrorNodeUrl: 'http://b:1' } })[0]).to.match(/^mirrorNodeUrl: agent-hooks\.config\.json says "http:\/\/b:1" but HEDERA_MIRROR_NODE_URL says "http:\/\/a:1"/);
      expect(problemsOf({ env: { HEDERA_MIRROR_NODE_URL: 'mirror' } })[0]).to.equal('HEDERA_MIRROR_NODE_URL: "mirror" is not an http(s) URL, e.g. http://127.0.0.1:5551');
    });
  });

  describe('when the key is 0x-prefixed hex', () => {
    it('reads it as ECDSA, as every entry point now does', () => {
      const ecdsa = PrivateKey.generateECDSA();
      const choice = chooseNetwork({ env: { HEDERA_NETWORK: 'testnet', HEDERA_OPERATOR_ID: '0.0.7', HEDERA_OPERATOR_KEY: `0x${ecdsa.toStringRaw()}` }, source: 'x' });
      expect(choice.operator!.privateKey.publicKey.toStringDer()).to.equal(ecdsa.publicKey.toStringDer());
    });
  });
});
