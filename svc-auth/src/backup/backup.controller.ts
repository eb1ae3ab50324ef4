import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { usersBackupFileName } from '@district/contracts';
import { CurrentUser, Roles, type Identity } from '@district/service-kit';
import { BackupService } from './backup.service';

@Roles('admin')
@Controller('api/backup')
export class BackupController {
  constructor(private readonly backup: BackupService) {}

  // A JSON file the browser saves as users-backup-YYYY-MM-DD.json (DESIGN "Backup").
  @Get('users')
  async users(@CurrentUser() actor: Identity, @Res() reply: FastifyReply): Promise<void> {
    const stream = await this.backup.open(actor);
    await reply
      .headers({
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${usersBackupFileName()}"`,
        'cache-control': 'no-store',
      })
      .send(stream);
  }
}
