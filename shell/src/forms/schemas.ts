// Chunk boundary: zod and the contracts schemas (~35 KB gzip) are not part of any page's first
// load. Forms start loading this when they are first focused and await it on submit.
export {
  avatarFileError,
  districtLinkSchema,
  forgotPasswordSchema,
  loginSchema,
  registerFormSchemaFor,
  resetPasswordFormSchema,
} from '@district/contracts';
