/**
 * What web/main.tsx imports to evaluate the router's chunk ahead of the app (ADR 064). Importing
 * `react-router` itself there would keep every export of the package in the bundle, as a dynamic
 * import keeps a module's whole namespace; this names only what the app's start needs.
 */
export { createBrowserRouter } from 'react-router';
export { RouterProvider } from 'react-router/dom';
