/** Settings of inventory (env: UNPLACED_RESERVATION_SECONDS), read once when the app is built. */
export interface InventorySettings {
  /**
   * A reservation whose order was never recorded (its process died between the two appends) is released
   * this long after it was made (default 5 minutes: far longer than placing an order takes).
   */
  unplacedReservationMs: number;
}

export const INVENTORY_SETTINGS = Symbol('INVENTORY_SETTINGS');

export function loadInventorySettings(env: NodeJS.ProcessEnv = process.env): InventorySettings {
  const text = env.UNPLACED_RESERVATION_SECONDS;
  const seconds = text !== undefined && text !== '' && Number.isFinite(Number(text)) ? Number(text) : 300;
  return { unplacedReservationMs: Math.max(1, seconds) * 1000 };
}
