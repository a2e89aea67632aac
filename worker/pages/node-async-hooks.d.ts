// The part of node:async_hooks the pages use (nodejs_compat provides it in workerd; @types/node would bring Node's
// globals into the worker's program).
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
