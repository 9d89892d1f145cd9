// The face of this part (issue 42): what other parts may import. Anything else in this folder is its own;
// the lint rule in eslint.config.mjs refuses a deep import from another part. The module comes last, so a
// part that reaches this file through a cycle of parts finds the plain exports above it already loaded.
export type {
  CustomDesignEvent,
  CustomDesignSubmitted,
  CustomDesignStatusChanged,
  CustomDesignDeleted,
  CustomDesignNoteAdded,
} from './domain/custom-design';
export { CUSTOM_DESIGN_EVENT_TYPES, customDesign, customDesignStream } from './domain/custom-design';
export { CustomDesignsModule } from './custom-designs.module';
