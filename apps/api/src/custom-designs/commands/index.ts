import { ChangeCustomDesignStatusHandler } from './change-custom-design-status.handler';
import { DeleteCustomDesignHandler } from './delete-custom-design.handler';
import { SubmitCustomDesignHandler } from './submit-custom-design.handler';

export const COMMAND_HANDLERS = [ChangeCustomDesignStatusHandler, DeleteCustomDesignHandler, SubmitCustomDesignHandler];
