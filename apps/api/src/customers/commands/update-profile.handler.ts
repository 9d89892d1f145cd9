import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { customer, customerStream } from '../domain/customer';
import { UpdateProfileCommand } from './update-profile.command';

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, void> {
  constructor(private readonly es: EventSourcing) {}

  async execute({ customerId, changes }: UpdateProfileCommand): Promise<void> {
    await this.es.decide(customerStream(customerId), customer, { type: 'UpdateProfile', customerId, changes });
  }
}
