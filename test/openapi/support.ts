import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '../support/api';

/** A small valid OpenAPI 3.0 document: one path, a parameter, a request body and a recursive schema. */
export const PETSTORE_3 = {
  openapi: '3.0.3',
  info: { title: 'Petstore', version: '1.0.0' },
  paths: {
    '/pets': {
      parameters: [{ name: 'X-Trace', in: 'header', schema: { type: 'string' } }],
      get: {
        operationId: 'listPets',
        summary: 'List pets',
        tags: ['pets'],
        parameters: [{ name: 'limit', in: 'query', required: false, description: 'How many', schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'The pets', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pets' } } } },
          default: { description: 'An error' },
        },
      },
      post: {
        summary: 'Add a pet',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { '201': { description: 'Added' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
      Pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
    },
  },
};

export const PETSTORE_YAML = `openapi: 3.1.0
info:
  title: Yaml pets
  version: "2"
paths:
  /pets/{petId}:
    get:
      summary: One pet
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: string }
      responses:
        "200":
          description: The pet
`;

export const SWAGGER_2 = {
  swagger: '2.0',
  info: { title: 'Old pets', version: '0.1' },
  consumes: ['application/json'],
  produces: ['application/json'],
  paths: {
    '/pets': {
      post: {
        summary: 'Add a pet (Swagger)',
        parameters: [
          { name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } },
          { name: 'dryRun', in: 'query', type: 'boolean' },
        ],
        responses: { '200': { description: 'Added', schema: { $ref: '#/definitions/Pet' } } },
      },
    },
  },
  definitions: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
};

/** Not valid: `info.version` is required. */
export const INVALID_3 = { openapi: '3.0.3', info: { title: 'No version' }, paths: {} };

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * An HTTP server on 127.0.0.1 serving specifications by path. Routes can be changed while it runs, and
 * it records every path asked for (to prove what was, and was not, fetched).
 */
export async function startSpecServer() {
  const routes = new Map<string, Route>();
  const requested: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    requested.push(req.url ?? '');
    const route = routes.get(req.url ?? '');
    if (route) route(req, res);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    requested,
    url: (path: string) => `${origin}${path}`,
    json(path: string, body: unknown) {
      routes.set(path, (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
    },
    text(path: string, body: string, type = 'application/yaml') {
      routes.set(path, (_req, res) => res.writeHead(200, { 'content-type': type }).end(body));
    },
    /** Answers only once `release` is called, with that body. */
    hold(path: string) {
      const waiting: ServerResponse[] = [];
      let body: string | undefined;
      routes.set(path, (_req, res) => {
        if (body === undefined) waiting.push(res);
        else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      });
      return {
        release(answer: unknown) {
          body = JSON.stringify(answer);
          for (const res of waiting.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end(body);
        },
      };
    },
    /** Answers nothing, ever (until the server closes). */
    hang(path: string) {
      routes.set(path, (_req, res) => void held.push(res));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SpecBody {
  slug: string;
  processingState: string;
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: string;
  [key: string]: unknown;
}

/**
 * Polls a spec until its processing is complete (no timing is asserted: the overall limit only keeps a
 * broken build from hanging the run).
 */
export async function waitForProcessed(api: ApiClient, path: string, until: (spec: SpecBody) => boolean = () => true): Promise<SpecBody> {
  const giveUp = Date.now() + 15_000;
  for (;;) {
    const res = await api.get(path);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    const spec = res.body as SpecBody;
    if (spec.processingState === 'complete' && until(spec)) return spec;
    if (Date.now() > giveUp) throw new Error(`${path} never finished processing: ${JSON.stringify(spec)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Polls until the spec shows `state`. */
export async function waitForState(api: ApiClient, path: string, state: string): Promise<SpecBody> {
  const giveUp = Date.now() + 15_000;
  for (;;) {
    const spec = (await api.get(path)).body as SpecBody;
    if (spec.processingState === state) return spec;
    if (Date.now() > giveUp) throw new Error(`${path} never reached ${state}: ${JSON.stringify(spec)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
