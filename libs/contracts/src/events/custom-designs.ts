import type { EventOf, SchemaTable } from './event';

// Placeholder (issue 42): the names and versions of this part's events; their payload types move here next.
export type CustomDesignEvent =
  | EventOf<'CustomDesignSubmitted', unknown>
  | EventOf<'CustomDesignStatusChanged', unknown>
  | EventOf<'CustomDesignNoteAdded', unknown>
  | EventOf<'CustomDesignDeleted', unknown>;

export const CUSTOM_DESIGN_EVENT_SCHEMAS: SchemaTable<CustomDesignEvent> = {
  CustomDesignSubmitted: { version: 1 },
  CustomDesignStatusChanged: { version: 1 },
  CustomDesignNoteAdded: { version: 1 },
  CustomDesignDeleted: { version: 1 },
};
