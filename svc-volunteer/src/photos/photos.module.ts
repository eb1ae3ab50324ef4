import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PHOTO_MAX_BYTES } from '@district/contracts';
import { MultipartModule, RateLimitModule } from '@district/service-kit';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { EventPhotoEntity } from './event-photo.entity';
import { PhotoStorage, photoStorageProvider } from './photo-storage';
import { PhotosController } from './photos.controller';
import { PhotosRepository } from './photos.repository';
import { PhotosService } from './photos.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([EventPhotoEntity, OpportunityEntity]),
    // Issue 33: photos uploaded from the phone, limited like avatars (one 5 MB file,
    // RATE_LIMIT_PER_MINUTE uploads a minute per user).
    MultipartModule.forRoot({ fileSize: PHOTO_MAX_BYTES }),
    RateLimitModule.forRoot(),
  ],
  controllers: [PhotosController],
  providers: [PhotosService, PhotosRepository, photoStorageProvider],
  exports: [PhotoStorage],
})
export class PhotosModule {}
