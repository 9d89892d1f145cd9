import type { SomeEvent } from '@facet/contracts';
import { Decider, fold } from '../platform/event-store/decider';

/**
 * A decider tested as a function, with no database and no HTTP: given a stream's history, when a command,
 * then the events decided (or none), or then the error. Fits every part's decider (order, product, customer,
 * custom design, contact message, payment session, variant stock, review, staff member): each is
 * `initialState`, `evolve(state, event)` and `decide(command, state)`.
 *
 *   const review = decider(reviewDecider);
 *   review.given(submitted).when(approve).then(approved);
 *   review.given().when(approve).thenError(NotFoundError, 'No such review.');
 *
 * `then` compares with toEqual, so asymmetric matchers (expect.any, expect.objectContaining) work inside events.
 */
export function decider<State, Command, Event extends SomeEvent>(d: Decider<State, Command, Event>) {
  return {
    given: (...history: readonly Event[]) => ({
      /** The state the history folds to (to check evolve, or a precondition of a `when`). */
      state: (): State => fold(d, history),
      when: (command: Command) => outcome(d, history, command),
    }),
  };
}

type FieldProblem = { field: string; message: string };
type ErrorClass = abstract new (...args: never[]) => Error;

function outcome<State, Command, Event extends SomeEvent>(d: Decider<State, Command, Event>, history: readonly Event[], command: Command) {
  const decide = () => d.decide(command, fold(d, history));
  return {
    /** The events decided, in order; `then()` with none says the command records nothing (a repeat, a no-op). */
    then(...expected: Event[]): Event[] {
      const events = decide();
      expect(events).toEqual(expected);
      return events;
    },

    /** The events decided, to look at them more closely than `then` can (ids made by the decider, say). */
    events: (): Event[] => decide(),

    /**
     * The error the command is refused with: its class, its message (exact, or a pattern) and, for a refusal
     * of one field (BadInputError), the field named.
     */
    thenError<E extends ErrorClass>(type: E, message: string | RegExp, opts: { field?: string } = {}): InstanceType<E> {
      let thrown: unknown;
      try {
        const events = decide();
        thrown = new Error(`expected ${type.name}, but the command decided ${JSON.stringify(events)}`);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(type);
      const err = thrown as InstanceType<E> & { errors?: FieldProblem[] };
      if (typeof message === 'string') expect(err.message).toBe(message);
      else expect(err.message).toMatch(message);
      if (opts.field !== undefined) expect(err.errors?.map((e: FieldProblem) => e.field)).toEqual([opts.field]);
      return err;
    },
  };
}
