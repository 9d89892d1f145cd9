/** The id of the JSON script element that carries the server's loader data to the browser router. */
export const HYDRATION_DATA_ID = 'facet-data';
