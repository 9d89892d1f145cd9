/**
 * An aggregate as three pure functions (after Emmett): the state it starts in, how an event changes it,
 * and what a command decides given the state. Handlers load, fold, decide and append.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  /** Defaults to 1; raise it when the payload's shape changes and add an upcaster. */
  schemaVersion?: number;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
}
