/** What the watched client tells after each call. */
interface ConnectionReporter {
  reportFailure(error: unknown): void;
  reportSuccess(): void;
}

/**
 * The same client, telling the reporter whether each call (`.query()`, `.mutate()`) reached the server, so
 * the connection indicator knows the server went away as soon as any feature's call fails, without each
 * feature reporting it. Calls and their answers are untouched: the promise returned is the call's own.
 */
export function watchConnection<Client extends object>(client: Client, reporter: () => ConnectionReporter | undefined): Client {
  const wrapped = new WeakMap<object, unknown>();

  const wrap = <T extends object>(target: T): T => {
    const known = wrapped.get(target);
    if (known) return known as T;
    const proxy = new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        // `then` stays as it is so the client is never mistaken for a promise; fixed properties must stay the same value.
        if (property === 'then' || value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
        const descriptor = Reflect.getOwnPropertyDescriptor(object, property);
        if (descriptor && !descriptor.configurable && !descriptor.writable) return value;
        return wrap(value as object);
      },
      apply(method, self, args) {
        const result: unknown = Reflect.apply(method as (...a: unknown[]) => unknown, self, args);
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          (result as Promise<unknown>).then(
            () => reporter()?.reportSuccess(),
            (error: unknown) => reporter()?.reportFailure(error),
          );
        }
        return result;
      },
    });
    wrapped.set(target, proxy);
    return proxy;
  };

  return wrap(client);
}
