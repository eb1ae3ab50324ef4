// Injection token for the validated ServiceConfig (plus the service's extras).
export const SERVICE_CONFIG = Symbol('service-kit:config');
