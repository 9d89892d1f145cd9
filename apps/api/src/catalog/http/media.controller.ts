import { MAX_UPLOAD_BYTES } from '@facet/contracts';
import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProperty, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IsString, MaxLength } from 'class-validator';
import { Public, RequireStaff } from '../../platform/auth/auth.decorators';
import { BlobStore, decodeDataUrl } from '../../platform/blobs/blob-store';
import { NotFoundError } from '../../platform/domain/errors';
import { Verbatim } from '../../platform/http/validation';

export const INVALID_IMAGE_TYPE = 'Invalid file type: Please select a valid image file (JPG, PNG, GIF, etc.)';

class UploadImageDto {
  @ApiProperty({
    description: 'The image as a data URL; its bytes decide its type, not the declared one',
    example: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  })
  @Verbatim()
  @IsString()
  @MaxLength(15_000_000)
  data_url: string;
}

class UploadedImageDto {
  @ApiProperty({ example: '/api/media/3f2a...e1.png' }) url: string;
  @ApiProperty() size: number;
  @ApiProperty() type: string;
}

@ApiTags('media')
@Controller()
export class MediaController {
  constructor(private readonly blobs: BlobStore) {}

  /** Product photos uploaded from the console: JPG, PNG, GIF or WEBP, at most 10 MB. */
  @Post('admin/uploads')
  @RequireStaff('staff')
  @ApiCreatedResponse({ type: UploadedImageDto })
  @ApiOperation({ summary: 'Upload a product image (JPEG, PNG or WebP as a data URL)' })
  async upload(@Body() dto: UploadImageDto): Promise<UploadedImageDto> {
    const { bytes } = decodeDataUrl(dto.data_url, 'data_url');
    const blob = await this.blobs.putImage(bytes, {
      allowed: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
      maxBytes: MAX_UPLOAD_BYTES,
      field: 'data_url',
      visibility: 'public',
      messages: { type: INVALID_IMAGE_TYPE, size: 'File too large: Please upload an image smaller than 10MB.' },
    });
    return { url: `/api/media/${blob.name}`, size: blob.size, type: blob.mime };
  }

  /** Public product photos. Served with their sniffed type and nosniff, never as HTML. */
  @Get('media/:file')
  @Public()
  @ApiOkResponse({ description: 'The image bytes' })
  @ApiOperation({ summary: 'A stored image' })
  async media(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const m = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/.exec(file);
    const blob = m ? await this.blobs.get(m[1], 'public') : null;
    if (!blob) throw new NotFoundError();
    reply
      .header('content-type', blob.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(blob.data);
  }
}
