/**
 * One operation of a stored specification, as a page's OpenAPI block (`openapi-operation`) shows it:
 * what a renderer needs, the same for OpenAPI 3.x and Swagger 2.0 (whose body and form parameters
 * become a `requestBody`, and whose response schemas a `content` entry). Internal `$ref`s are written
 * out in place, except where a schema recurs (it keeps its `$ref` there, so the result is plain JSON).
 */
export interface OperationSummary {
  spec: string;
  /** The version the operation was read from. */
  version: string;
  path: string;
  method: string;
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  tags: string[];
  parameters: Array<{ name: string; in: string; required: boolean; description?: string; schema?: unknown }>;
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema?: unknown }> };
  responses: Array<{ status: string; description?: string; content: Record<string, { schema?: unknown }> }>;
  /** Base URLs of the API (`servers`, or Swagger's scheme, host and basePath). */
  servers: string[];
}

