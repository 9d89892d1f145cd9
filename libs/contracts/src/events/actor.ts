/**
 * Who did something, as an event's data names them (a staff member handling a message, a customer cancelling
 * a request): the same shape as the actor every event's metadata carries (apps/api platform/context/actor.ts).
 */
export interface EventActor {
  type: 'customer' | 'staff' | 'system' | 'anonymous';
  id?: string;
}
