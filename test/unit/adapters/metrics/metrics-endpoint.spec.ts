import { expect } from 'chai';
import { request } from 'node:http';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { serveMetrics, type MetricsEndpoint } from '../../../../src/adapters/metrics/index.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { RejectToolPolicy } from '../../../../src/policies/index.js';
import { EchoTool, pluginOf } from '../../../support/noop-tools.js';
import { offlineClient } from '../../../support/offline-client.js';

/** One GET over real HTTP; the headers as given. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, type: res.headers['content-type'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveMetrics (the Prometheus endpoint)', () => {
  let endpoint: MetricsEndpoint | undefined;
  let provider: MeterProvider | undefined;

  afterEach(async () => {
    await endpoint?.close();
    await provider?.shutdown();
    endpoint = provider = undefined;
  });

  describe('when a kit with telemetry runs calls', () => {
    it('serves its call and block counts in the Prometheus text format on loopback', async () => {
      endpoint = await serveMetrics({ port: 0 });
      provider = new MeterProvider({ readers: [endpoint.reader] });
      const kit = await createAgentKit({
        client: offlineClient(),
        pluginsDir: null,
        plugins: [pluginOf('echo', new EchoTool(), new EchoTool('blocked_echo_tool'))],
        hooks: [new RejectToolPolicy(['blocked_echo_tool'])],
        telemetry: { meterProvider: provider, traces: false },
      });
      await kit.execute('echo_tool', { text: 'a' });
      await kit.execute('blocked_echo_tool', { text: 'b' });
      await kit.close();

      expect(endpoint.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const scraped = await get(endpoint.url);
      expect(scraped.status).to.equal(200);
      expect(scraped.type).to.include('text/plain');
      expect(scraped.body).to.match(/^hedera_agent_hooks_calls_total\{[^}]*gen_ai_tool_name="echo_tool"[^}]*hedera_agent_hooks_outcome="executed"[^}]*\} 1/m);
      expect(scraped.body).to.match(/^hedera_agent_hooks_blocks_total\{[^}]*hedera_agent_hooks_blocked_by_policy="Reject Tool Call"[^}]*\} 1/m);
      expect(scraped.body).to.include('# TYPE hedera_agent_hooks_policy_duration histogram');
    });
  });

  describe('when a request does not fit', () => {
    it('answers 404 off /metrics and 403 to a Host that does not name this machine', async () => {
      endpoint = await serveMetrics({ port: 0 });
      expect((await get(endpoint.url.replace('/metrics', '/other'))).status).to.equal(404);
      const rebound = await get(endpoint.url, { host: 'evil.example:80' });
      expect(rebound.status).to.equal(403);
      expect(rebound.body).to.include('the Host header must name this machine');
    });

    it('asks for the bearer token when started with one', async () => {
      endpoint = await serveMetrics({ port: 0, token: 'a-token-of-twenty-chars' });
      expect((await get(endpoint.url)).status).to.equal(401);
      expect((await get(endpoint.url, { authorization: 'Bearer wrong-token-of-twenty-c' })).status).to.equal(401);
      expect((await get(endpoint.url, { authorization: 'Bearer a-token-of-twenty-chars' })).status).to.equal(200);
    });
  });

  describe('when the options are wrong', () => {
    it('refuses a non-loopback host without a token, a short token, an unknown option and a bad port, saying what is accepted', async () => {
      const refusal = async (options: object): Promise<string> => {
        try {
          await serveMetrics(options as never);
        } catch (error) {
          return (error as Error).message;
        }
        throw new Error('serveMetrics accepted the options');
      };
      expect(await refusal({ host: '0.0.0.0' })).to.include('needs a token');
      expect(await refusal({ host: '0.0.0.0', token: 'short' })).to.include('at least 16 characters');
      expect(await refusal({ prot: 9464 })).to.include("unknown option 'prot'");
      expect(await refusal({ port: 70000 })).to.include('the port must be an integer from 0 to 65535');
    });

    it('names the package to install when the Prometheus exporter is missing', async () => {
      const missing = Object.assign(new Error("Cannot find package '@opentelemetry/exporter-prometheus'"), { code: 'ERR_MODULE_NOT_FOUND' });
      try {
        await serveMetrics({ port: 0 }, () => Promise.reject(missing));
        expect.fail('serveMetrics started without its exporter');
      } catch (error) {
        expect((error as { code?: string }).code).to.equal('E_MISSING_PEER');
        expect((error as Error).message).to.include('npm install @opentelemetry/exporter-prometheus');
      }
    });
  });
});
