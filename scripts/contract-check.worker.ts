// Prism's validator for the contract tap (contract-tap.ts), in a worker thread: the checks use
// a core of their own instead of the event loop that passes the traffic (and, in the fuzz and e2e
// runs, drives it). Plain Node (type stripping): it runs outside jest's and Playwright's loaders.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

interface Validation {
  path?: Array<string | number>;
  message: string;
  severity: number;
}
type Either<T> = { _tag: 'Left'; left: Error } | { _tag: 'Right'; right: T };
interface PrismHttp {
  getHttpOperationsFromSpec(document: object): Promise<unknown[]>;
  createInstance(
    config: object,
    components: object,
  ): {
    request(
      input: unknown,
      operations: unknown[],
    ): () => Promise<Either<{ validations: { input: Validation[]; output: Validation[] } }>>;
  };
}

const require = createRequire(import.meta.url);
const prism = require('@stoplight/prism-http') as PrismHttp;
const { document, upstream } = workerData as { document: object; upstream: string };
const operations = await prism.getHttpOperationsFromSpec(document);

const silentLogger = {
  child: () => silentLogger,
  trace: () => {},
  debug: () => {},
  info: () => {},
  success: () => {},
  warn: () => {},
  error: () => {},
  fatal: () => {},
};

const port = parentPort!;
port.on(
  'message',
  async ({ id, request, response }: { id: number; request: unknown; response: unknown }) => {
    try {
      // Prism's proxy pipeline (route, security, request and response validation) with its
      // upstream call replaced by the answer the gateway gave.
      const instance = prism.createInstance(
        {
          isProxy: true,
          upstream: new URL(upstream),
          errors: false,
          mock: { dynamic: false },
          validateRequest: true,
          validateResponse: true,
          checkSecurity: true,
        },
        {
          logger: silentLogger,
          forward: () => () => async () => ({ _tag: 'Right', right: response }),
        },
      );
      const result = await instance.request(request, operations)();
      if (result._tag === 'Left') port.postMessage({ id, error: result.left.message });
      else {
        const { input, output } = result.right.validations;
        // Plain data across the thread boundary.
        const plain = (v: Validation) => ({
          path: v.path,
          message: v.message,
          severity: v.severity,
        });
        port.postMessage({ id, input: input.map(plain), output: output.map(plain) });
      }
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
port.postMessage({ ready: true });
