import { GetCustomDesignHandler, GetCustomDesignImageRefHandler, ListCustomDesignsHandler } from './custom-design-queries';

export const QUERY_HANDLERS = [ListCustomDesignsHandler, GetCustomDesignHandler, GetCustomDesignImageRefHandler];
