import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../../../src/config/config-error.js';
import { loadConfig, parseConfig } from '../../../src/config/load-config.js';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';
import { RejectToolPolicy } from '../../../src/policies/reject-tool-policy.js';
import { configProblemsOf } from '../../support/config-problems.js';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('when no config file exists', () => {
    it('uses the defaults: no network of its own (chooseNetwork decides), autonomous, core plugins, no listeners', async () => {
      const loaded = await loadConfig({ cwd: dir });
      expect(loaded.source).to.equal('(defaults)');
      expect(loaded.config.network).to.equal(undefined);
      expect(loaded.config).to.deep.include({ mode: 'autonomous', corePlugins: true, plugins: [] });
      expect(loaded.listeners).to.deep.equal([]);
    });
  });

  describe('when agent-hooks.config.json names hooks and policies', () => {
    it('builds them with their arguments, in order', async () => {
      writeFileSync(
        path.join(dir, 'agent-hooks.config.json'),
        JSON.stringify({ policies: [{ policy: 'MaxRecipientsPolicy', args: [3] }, { policy: 'RejectToolPolicy', args: [['delete_account_tool']] }], mode: 'RETURN_BYTES' }),
      );
      const loaded = await loadConfig({ cwd: dir });
      expect(loaded.source).to.equal(path.join(dir, 'agent-hooks.config.json'));
      expect(loaded.config.mode).to.equal('returnBytes');
      expect(loaded.listeners[0]).to.be.instanceOf(MaxRecipientsPolicy);
      expect(loaded.listeners[1]).to.be.instanceOf(RejectToolPolicy);
      expect((loaded.listeners[1] as RejectToolPolicy).relevantTools).to.deep.equal(['delete_account_tool']);
    });
  });

  describe('when a JS config exports instances', () => {
    it('accepts them as they are', async () => {
      const file = path.join(dir, 'agent-hooks.config.cjs');
      const policies = require.resolve('../../../src/policies/index.js');
      writeFileSync(file, `const { RejectToolPolicy } = require(${JSON.stringify(policies)});\nmodule.exports = { hooks: [new RejectToolPolicy(['x_tool'])] };\n`);
      const loaded = await loadConfig({ cwd: dir, path: 'agent-hooks.config.cjs' });
      expect(loaded.listeners).to.have.length(1);
      expect((loaded.listeners[0] as RejectToolPolicy).relevantTools).to.deep.equal(['x_tool']);
    });
  });

  describe('when the file is not valid JSON', () => {
    it('says so, naming the file', async () => {
      writeFileSync(path.join(dir, 'agent-hooks.config.json'), '{ "network": ');
      const error = await loadConfig({ cwd: dir }).then(() => undefined, (thrown: unknown) => thrown);
      expect(error).to.be.instanceOf(ConfigError);
      expect((error as ConfigError).message).to.contain('agent-hooks.config.json').and.to.contain('not valid JSON');
    });
  });

  describe('when an explicit path does not exist', () => {
    it('refuses with the path', async () => {
      const error = await loadConfig({ cwd: dir, path: 'missing.json' }).then(() => undefined, (thrown: unknown) => thrown);
      expect((error as ConfigError).problems[0]).to.contain('config file not found');
      expect((error as ConfigError).source).to.equal(path.join(dir, 'missing.json'));
    });
  });
});

describe('parseConfig', () => {
  describe('when many fields are wrong', () => {
    it('lists every problem at once, each naming its field', () => {
      const problems = configProblemsOf({
        network: 'moon',
        mode: 'yolo',
        tools: [],
        colour: 'blue',
        policies: [{ policy: 'MaxRecipientsPolicy', args: [0] }, { policy: 'NoSuchPolicy' }, { hook: 'RejectToolPolicy', args: [[]] }, { policy: 'X', extra: 1 }, 7],
      });
      expect(problems).to.include('network: one of devnet, local, testnet, mainnet, previewnet');
      expect(problems).to.include('mode: "yolo" is not a mode; use "autonomous" or "returnBytes"');
      expect(problems).to.include('tools: list at least one tool, or leave "tools" out to expose all');
      expect(problems.find((problem) => problem.startsWith('colour: unknown field; accepted fields: '))).to.contain('network');
      expect(problems).to.include('policies[0].args[0]: MaxRecipientsPolicy: \'maxRecipients\' must be a positive integer, got 0.');
      expect(problems.find((problem) => problem.startsWith('policies[1].policy: unknown policy "NoSuchPolicy"'))).to.contain('MaxRecipientsPolicy');
      expect(problems).to.include('policies[2].hook: "RejectToolPolicy" is a policy, not a hook; write { "policy": "RejectToolPolicy" }');
      expect(problems).to.include('policies[3].extra: unknown field; accepted fields: hook, policy, args, mode');
      expect(problems).to.include('policies[4]: an object { "hook" | "policy": "<class name>", "args": [...] }');
    });
  });

  describe('when the file carries operator credentials', () => {
    it('refuses them with a pointer to the environment, never echoing the value', () => {
      const problems = configProblemsOf({ operatorKey: '302e020100300506032b657004220420aaaa', operatorId: '0.0.2' });
      expect(problems).to.have.length(2);
      expect(problems[0]).to.match(/^operatorKey: .*set HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY in the environment/);
      expect(problems.join('\n')).to.not.contain('302e0201');
    });
  });

  describe('when network is "local"', () => {
    it('requires the local node address', () => {
      expect(configProblemsOf({ network: 'local' })[0]).to.match(/^local: required when network is "local"/);
    });

    it('accepts a node and mirror address', () => {
      const { config } = parseConfig({ network: 'local', local: { grpcAddress: '127.0.0.1:50211', mirrorUrl: 'http://127.0.0.1:5551' } }, 't', '/tmp');
      expect(config.local).to.deep.equal({ grpcAddress: '127.0.0.1:50211', mirrorUrl: 'http://127.0.0.1:5551', nodeAccountId: '0.0.3' });
    });
  });

  describe('when a hook entry names both kinds', () => {
    it('asks for exactly one', () => {
      expect(configProblemsOf({ hooks: [{ hook: 'A', policy: 'B' }] })).to.deep.equal(['hooks[0]: give exactly one of "hook" or "policy" (the class name), plus optional "args"']);
    });
  });

  describe('when an audit hook is named with a null logging client', () => {
    it('treats null as "left out", since JSON has no undefined', () => {
      const { listeners } = parseConfig({ hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234', null, { journalDir: '/tmp/x' }] }] }, 't', '/tmp');
      expect((listeners[0] as { name: string }).name).to.equal('HCS Audit Trail Hook');
    });
  });
});
