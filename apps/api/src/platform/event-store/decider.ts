import type { SomeEvent } from '@facet/contracts';

/**
 * An aggregate as three pure functions (after Emmett): the state it starts in, how an event changes it,
 * and what a command decides given the state. Handlers load, fold, decide and append. Its events are the
 * shop's one generic event type (EventOf of libs/contracts: type, data, and schemaVersion when above 1).
 */
export interface Decider<State, Command, Event extends SomeEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<State, Event extends SomeEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
}
