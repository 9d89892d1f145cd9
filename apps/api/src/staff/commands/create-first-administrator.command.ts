import { Command } from '@nestjs/cqrs';

/**
 * The first administrator, from ADMIN_EMAIL / ADMIN_PASSWORD, or the printed default when a server starts in
 * development. Only the server start sends it (main.ts, and the test app standing in for it): migrate, seed and
 * replay never create an account. Answers whether an account was created.
 */
export class CreateFirstAdministratorCommand extends Command<boolean> {}
