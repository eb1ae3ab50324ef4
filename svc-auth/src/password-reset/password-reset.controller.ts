import { Body, Controller, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { TOASTS } from '@district/contracts';
import { Public, RateLimitGuard } from '@district/service-kit';
import { ForgotPasswordDto, ResetPasswordDto } from './password-reset.dto';
import { PasswordResetService } from './password-reset.service';
import { ResetErrorFilter } from './reset-error.filter';

const RESET_DONE_MESSAGE = 'Password has been reset successfully';

@Public()
@Controller('api/password-reset')
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @Post('request')
  @HttpCode(200)
  // Each request queues a mail; the worker also caps mails per address per hour.
  @UseGuards(RateLimitGuard)
  async request(@Body() body: ForgotPasswordDto) {
    await this.passwordReset.request(body.email);
    return { message: TOASTS.resetLinkSentDescription };
  }

  @Post('reset')
  @HttpCode(200)
  @UseFilters(ResetErrorFilter)
  async reset(@Body() body: ResetPasswordDto) {
    await this.passwordReset.reset(body.token, body.newPassword);
    return { message: RESET_DONE_MESSAGE };
  }
}
