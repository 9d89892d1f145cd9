import { CustomDesignRequest } from '../domain/custom-design';

export class SubmitCustomDesignCommand {
  constructor(
    readonly request: CustomDesignRequest,
    /** A data URL, or null for no image. */
    readonly designImage: string | null,
    /** The signed-in customer, if any. */
    readonly customerId: string | null,
    /** Derived from an Idempotency-Key: a retry after a crash finds the request already recorded. */
    readonly designId: string | null = null,
  ) {}
}
