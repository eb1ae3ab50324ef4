import { Body, Controller, Patch, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type Identity } from '@district/service-kit';
import { UserRefs, type OwnUserView } from '../users/user-ref';
import { UserPreferencesDto } from './preferences.dto';
import { PreferencesService } from './preferences.service';

// Issue 22: every signed-in user, about themselves (the shell's language picker).
@Controller('api/user')
export class PreferencesController {
  constructor(
    private readonly preferences: PreferencesService,
    private readonly refs: UserRefs,
  ) {}

  // Answers the user as GET /api/user does, with the new language.
  @Patch('preferences')
  async update(
    @CurrentUser() user: Identity,
    @Body() body: UserPreferencesDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OwnUserView> {
    void reply.header('cache-control', 'no-store');
    return this.refs.withRef(await this.preferences.update(user, body));
  }
}
