/* Compile-time checks for defineConfig's types and for pino as the kit's Logger. */
import { pino } from 'pino';
import { defineConfig } from '../../src/config/define-config.js';
import type { Logger } from '../../src/lifecycle/logger.js';
import { MaxRecipientsPolicy } from '../../src/policies/index.js';

// A named entry, an instance and every documented field are accepted.
defineConfig({
  $schema: './node_modules/hedera-agent-hooks/schema/agent-hooks.config.schema.json',
  network: 'testnet',
  mode: 'returnBytes',
  accountId: '0.0.1234',
  plugins: ['./my-plugins'],
  tools: ['transfer_hbar_tool'],
  hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234'] }],
  policies: [new MaxRecipientsPolicy(5), { policy: 'RejectToolPolicy', args: [['delete_account_tool']] }],
});

// @ts-expect-error: not a network
defineConfig({ network: 'moonnet' });

// @ts-expect-error: a misspelt field is flagged, as the loader would refuse it
defineConfig({ netwrok: 'testnet' });

// @ts-expect-error: an entry names exactly one kind
defineConfig({ policies: [{ hook: 'A', policy: 'B' }] });

// @ts-expect-error: the operator never comes from the file
defineConfig({ operatorKey: '302e…' });

// pino's logger is the kit's Logger as it is: no adapter needed.
const logger: Logger = pino({ level: 'warn' });
void logger;
