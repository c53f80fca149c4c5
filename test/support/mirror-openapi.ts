import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';

/** The mirror node's OpenAPI subset committed as a fixture (see test/fixtures/mirror-openapi/README.md). */
const FIXTURE = path.resolve(__dirname, '../../../test/fixtures/mirror-openapi/openapi-subset.yml');

export interface OpenApiParameter { name: string; in: 'query' | 'path'; required?: boolean; schema?: Record<string, unknown> }

interface Operation {
  parameters?: Array<OpenApiParameter | { $ref: string }>;
  requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
  responses: Record<string, { $ref?: string; content?: { 'application/json': { schema: { $ref: string } } } }>;
}

interface Document {
  paths: Record<string, { get?: Operation; post?: Operation }>;
  components: { schemas: Record<string, unknown>; responses: Record<string, Operation['responses'][string]>; parameters: Record<string, OpenApiParameter> };
}

/**
 * The mirror's own description of its REST API, for checking the devnet against it: which query
 * parameters each path documents, and whether a response body matches the schema of its status.
 */
export class MirrorOpenApi {
  private readonly doc: Document;
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(file = FIXTURE) {
    this.doc = yaml.load(readFileSync(file, 'utf8')) as Document;
    // OpenAPI 3.0 schemas are JSON Schema plus `nullable`, which ajv understands; the mirror's own
    // patterns are plain JavaScript regular expressions (no `u` flag), and the document is not a
    // JSON Schema itself, so it is added as a container of definitions without meta-validation.
    this.ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, unicodeRegExp: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'mirror', components: { schemas: this.doc.components.schemas } });
  }

  /** Documented paths, without the `/api/v1` prefix. */
  paths(): string[] {
    return Object.keys(this.doc.paths).map((p) => p.replace(/^\/api\/v1/, ''));
  }

  /** The path's HTTP method: GET for all but `/contracts/call`, the one POST. */
  method(template: string): 'GET' | 'POST' {
    return this.entry(template).get ? 'GET' : 'POST';
  }

  parameters(template: string): OpenApiParameter[] {
    return (this.operation(template).parameters ?? []).map((p) => ('$ref' in p ? this.doc.components.parameters[p.$ref.split('/').pop()!] : p));
  }

  /** Schema errors of a response (empty when it conforms); an undocumented status is an error too. */
  errors(template: string, status: number, body: unknown): string[] {
    let response = this.operation(template).responses[String(status)];
    if (!response) return [`status ${status} is not documented for ${template}`];
    if (response.$ref) response = this.doc.components.responses[response.$ref.split('/').pop()!];
    return this.validate(response.content!['application/json'].schema.$ref, body, `${template} ${status}`);
  }

  /** Schema errors of a request body sent to a POST path (empty when the document accepts it). */
  requestErrors(template: string, body: unknown): string[] {
    const schema = this.operation(template).requestBody?.content['application/json'].schema;
    if (!schema) return [`${template} takes no request body`];
    return this.validate(schema.$ref, body, `${template} request`);
  }

  private validate(ref: string, body: unknown, what: string): string[] {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `mirror${ref}` });
      this.validators.set(ref, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${what}: ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  }

  private entry(template: string): { get?: Operation; post?: Operation } {
    const entry = this.doc.paths[`/api/v1${template}`];
    if (!entry) throw new Error(`the mirror OpenAPI document has no path ${template}`);
    return entry;
  }

  private operation(template: string): Operation {
    const entry = this.entry(template);
    return (entry.get ?? entry.post)!;
  }
}

/** GET a mirror URL: status and parsed JSON body. */
export async function getJson(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

/** POST a JSON body (or raw text with its own content type) to a mirror URL: status and parsed JSON body. */
export async function postJson(url: string, body: unknown, contentType = 'application/json'): Promise<{ status: number; body: any }> {
  const text = typeof body === 'string' && contentType !== 'application/json' ? body : JSON.stringify(body);
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body: text });
  return { status: response.status, body: await response.json() };
}
