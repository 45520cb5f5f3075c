// Interfaces listing several call signatures one per line, as formatters lay out overloaded callables.
type Compose = (...fns: unknown[]) => unknown;

export interface ComposeWithTools {
  (options: { name: string }): Compose
  <Ext extends {}>(
    ...funcs: Ext[]
  ): Ext
}

interface ThunkCreator<State> {
  <Returned, Arg = void>(
    payload: (arg: Arg) => Returned,
  ): Definition<State, Arg, Returned>
  /**
   * With an explicit config.
   */
  <
    Returned,
    Arg,
  >(
    payload: (arg: Arg) => Returned,
  ): Definition<State, Arg, Returned>
  withTypes<Config>(): ThunkCreator<State>
}

interface Definition<State, Arg, Returned> {
  state: State
  arg: Arg
  returned: Returned
}

export function buildCreators<State>(): { thunk: ThunkCreator<State> } {
  function thunk(payload: unknown): unknown {
    return { payload };
  }
  return { thunk: thunk as unknown as ThunkCreator<State> };
}

export function after(value: number): number {
  return value * 2;
}
