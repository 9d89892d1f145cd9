import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BlobStore } from '../../platform/blobs/blob-store';
import { DatabaseService } from '../../platform/database/database.service';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { customDesign, CustomDesignDeleted, customDesignStream } from '../domain/custom-design';
import { DeleteCustomDesignCommand } from './delete-custom-design.command';

@CommandHandler(DeleteCustomDesignCommand)
export class DeleteCustomDesignHandler implements ICommandHandler<DeleteCustomDesignCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    private readonly blobs: BlobStore,
    private readonly db: DatabaseService,
  ) {}

  async execute({ designId, by }: DeleteCustomDesignCommand): Promise<void> {
    const { events } = await this.es.decide(customDesignStream(designId), customDesign, { type: 'DeleteCustomDesign', designId, by });
    const sha256 = (events[0] as CustomDesignDeleted | undefined)?.data.image_sha256;
    if (!sha256) return;
    // The same bytes are stored once: keep them while another request uses them or they are a public product photo.
    const inUse = await this.db.one(
      `SELECT 1 FROM public.blobs b WHERE b.sha256 = $1
         AND (b.visibility = 'public' OR EXISTS (SELECT 1 FROM rm.custom_designs d WHERE d.image_sha256 = $1 AND d.id <> $2))`,
      [sha256, designId],
    );
    if (!inUse) await this.blobs.delete(sha256);
  }
}
