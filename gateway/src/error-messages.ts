/**
 * Spanish for the JSON errors nginx itself answers on /api (issue 22), by English text. The
 * gateway renders its config without the contracts package, so the texts live here; the ones
 * the shared catalogue also has (Unauthorized, Too many requests, ...) must read the same, which
 * test/error-messages.spec.ts checks against packages/contracts.
 */
export const GATEWAY_MESSAGES_ES: Readonly<Record<string, string>> = {
  Unauthorized: 'No autorizado',
  Forbidden: 'Prohibido',
  'Not Found': 'No encontrado',
  'Bad Request': 'Solicitud incorrecta',
  'Method Not Allowed': 'Método no permitido',
  'Request Timeout': 'Se agotó el tiempo de espera de la solicitud',
  'Length Required': 'Falta la longitud del contenido',
  'Request body too large': 'El cuerpo de la solicitud es demasiado grande',
  'URI Too Long': 'La dirección es demasiado larga',
  'Unsupported Media Type': 'Tipo de contenido no admitido',
  'Too many requests, please try again later':
    'Demasiadas solicitudes; inténtalo de nuevo más tarde',
  'Request Header Fields Too Large': 'Los encabezados de la solicitud son demasiado grandes',
  'Internal Server Error': 'Error interno del servidor',
  'Not Implemented': 'No implementado',
  'Service unavailable': 'Servicio no disponible',
  'HTTP Version Not Supported': 'Versión de HTTP no admitida',
  'File size must be less than 5MB': 'El archivo debe pesar menos de 5 MB',
  'Cross-site request refused': 'Se rechazó una solicitud desde otro sitio',
  'Content-Type must be application/json': 'El Content-Type debe ser application/json',
  'Content-Type must be application/json or application/pdf':
    'El Content-Type debe ser application/json o application/pdf',
  'Content-Type must be application/json or multipart/form-data':
    'El Content-Type debe ser application/json o multipart/form-data',
};
