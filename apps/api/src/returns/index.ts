// The face of this part (issue 51): what other parts may import. Nothing does today; the module is the app's.
export type { ReturnEvent } from './domain/order-returns';
export { RETURN_EVENT_TYPES, orderReturnsStream } from './domain/order-returns';
export { ReturnsModule } from './returns.module';
