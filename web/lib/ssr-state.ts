/** The id of the JSON script that carries the server's query cache to the browser (ADR 026). */
export const SSR_STATE_ID = 'ssr-state';
