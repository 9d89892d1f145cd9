/** The shop without HTTP, for command-line tasks: booted as the projector thread boots it (app-context.ts). */
export { shopContext as cliContext } from '../app-context';
