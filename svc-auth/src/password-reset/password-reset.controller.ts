import { Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  TOASTS,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@district/contracts';
import { Public, ZodBody } from '@district/service-kit';
import { PasswordResetService } from './password-reset.service';
import { ResetErrorFilter } from './reset-error.filter';

export const RESET_DONE_MESSAGE = 'Password has been reset successfully';

@Public()
@Controller('api/password-reset')
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @Post('request')
  @HttpCode(200)
  async request(@ZodBody(forgotPasswordSchema) body: ForgotPasswordInput) {
    await this.passwordReset.request(body.email);
    return { message: TOASTS.resetLinkSentDescription };
  }

  @Post('reset')
  @HttpCode(200)
  @UseFilters(ResetErrorFilter)
  async reset(@ZodBody(resetPasswordSchema) body: ResetPasswordInput) {
    await this.passwordReset.reset(body.token, body.newPassword);
    return { message: RESET_DONE_MESSAGE };
  }
}
