// A type parameter is no type a call on the result could bind to: its functions return nothing known.
export class Session {}

export class Box<T> {
  constructor(private value: T) {}

  // The class's parameter.
  get(): T {
    return this.value;
  }

  // The method's own parameter.
  map<R>(f: (value: T) => R): R {
    return f(this.value);
  }

  // A project type: recorded.
  session(): Session {
    return new Session();
  }
}

// A function's own parameter named like a project type hides it.
export function same<Session>(s: Session): Session {
  return s;
}

// The same name outside any parameter list is the project type.
export function open(): Session {
  return new Session();
}
