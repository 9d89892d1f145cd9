import { MAX_UPLOAD_BYTES } from '@facet/contracts';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { BlobStore } from '../../platform/blobs/blob-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import {
  checkCustomDesignRequest,
  customDesign,
  customDesignStream,
  CustomDesignRequest,
  DesignImageRef,
} from '../domain/custom-design';
import { checkDesignImage, DESIGN_IMAGE_TOO_LARGE, DESIGN_IMAGE_TYPES, DESIGN_IMAGE_WRONG_TYPE } from '../domain/design-image';

export class SubmitCustomDesignCommand {
  constructor(
    readonly request: CustomDesignRequest,
    /** A data URL, or null for no image. */
    readonly designImage: string | null,
    /** The signed-in customer, if any. */
    readonly customerId: string | null,
  ) {}
}

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

  async execute({ request, designImage, customerId }: SubmitCustomDesignCommand): Promise<SubmittedCustomDesign> {
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
      });
      image = { sha256: blob.sha256, mime: blob.mime as DesignImageRef['mime'], size: blob.size };
    }
    const designId = randomUUID();
    await this.es.decide(customDesignStream(designId), customDesign, { type: 'SubmitCustomDesign', designId, customerId, request, image });
    const [submitted] = await this.es.store.readStream(customDesignStream(designId));
    return { id: designId, status: 'pending', created_at: submitted.metadata.occurredAt };
  }
}
