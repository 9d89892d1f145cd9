import { MAX_UPLOAD_BYTES } from '@facet/contracts';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { BlobStore } from '../../platform/blobs/blob-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { isConflict } from '../../platform/domain/errors';
import { checkCustomDesignRequest, customDesign, customDesignStream, DesignImageRef, designSubject } from '../domain/custom-design';
import { checkDesignImage, DESIGN_IMAGE_TOO_LARGE, DESIGN_IMAGE_TYPES, DESIGN_IMAGE_WRONG_TYPE } from '../domain/design-image';
import { SubmitCustomDesignCommand } from './submit-custom-design.command';

export interface SubmittedCustomDesign {
  id: string;
  status: 'pending';
  created_at: string;
}

@CommandHandler(SubmitCustomDesignCommand)
export class SubmitCustomDesignHandler implements ICommandHandler<SubmitCustomDesignCommand, SubmittedCustomDesign> {
  constructor(
    private readonly es: EventSourcing,
    private readonly blobs: BlobStore,
  ) {}

  async execute({ request, designImage, customerId, designId: keyed }: SubmitCustomDesignCommand): Promise<SubmittedCustomDesign> {
    const designId = keyed ?? randomUUID();
    const recorded = async (): Promise<SubmittedCustomDesign | null> => {
      if (keyed === null) return null;
      const [first] = await this.es.store.readStream(customDesignStream(designId));
      return first ? { id: designId, status: 'pending', created_at: first.metadata.occurredAt } : null;
    };
    const earlier = await recorded();
    if (earlier) return earlier;
    // Everything is checked before the image is stored, so a refused request leaves nothing behind.
    checkCustomDesignRequest(request);
    let image: DesignImageRef | null = null;
    if (designImage) {
      const { bytes } = checkDesignImage(designImage);
      const blob = await this.blobs.putImage(bytes, {
        allowed: DESIGN_IMAGE_TYPES,
        maxBytes: MAX_UPLOAD_BYTES,
        field: 'design_image',
        visibility: 'private',
        messages: { type: DESIGN_IMAGE_WRONG_TYPE, size: DESIGN_IMAGE_TOO_LARGE },
        subject: designSubject({ customer_id: customerId, contact_email: request.contact_email }),
      });
      image = { sha256: blob.sha256, mime: blob.mime as DesignImageRef['mime'], size: blob.size };
    }
    try {
      await this.es.decide(
        customDesignStream(designId),
        customDesign,
        { type: 'SubmitCustomDesign', designId, customerId, request, image },
        { newStream: true },
      );
    } catch (err) {
      const first = isConflict(err) ? await recorded() : null;
      if (first) return first;
      throw err;
    }
    const [submitted] = await this.es.store.readStream(customDesignStream(designId));
    return { id: designId, status: 'pending', created_at: submitted.metadata.occurredAt };
  }
}
