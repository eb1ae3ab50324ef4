import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { usersBackupFileName } from '@district/contracts';
import { Roles } from '@district/service-kit';
import { BackupService } from './backup.service';

@Roles('admin')
@Controller('api/backup')
export class BackupController {
  constructor(private readonly backup: BackupService) {}

  // A JSON file the browser saves as users-backup-YYYY-MM-DD.json (DESIGN "Backup").
  @Get('users')
  async users(@Res() reply: FastifyReply): Promise<void> {
    const stream = await this.backup.open();
    await reply
      .headers({
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${usersBackupFileName()}"`,
        'cache-control': 'no-store',
      })
      .send(stream);
  }
}
