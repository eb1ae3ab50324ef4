import { CONSENT_MAILS_MAX, GOAL_HOURS_MAX, HOUR_GOALS_MAX } from '../feature-messages';
import { notificationDate, notificationWhen } from '../notification-messages';
import type { SharedMessages } from './shared-messages';

// A review status word inside a sentence, agreeing with its noun (m: registro, f: publicación).
const STATUS_ES: Record<string, [string, string]> = {
  approved: ['aprobado', 'aprobada'],
  rejected: ['rechazado', 'rechazada'],
  pending: ['pendiente', 'pendiente'],
};
function statusEs(status: string, gender: 'm' | 'f'): string {
  const forms = STATUS_ES[status];
  return forms ? forms[gender === 'm' ? 0 : 1] : status;
}

// Spanish for the shared catalogue (messages.ts): neutral Latin American Spanish, "tú" for
// students. Browsers load it only when Spanish is in use; services keep it in memory.
export const SHARED_MESSAGES_ES: SharedMessages = {
  validation: {
    required: 'Obligatorio',
    invalidEmail: 'Correo electrónico no válido',
    invalidSchool: 'Selección de escuela no válida',
    invalidAvatarUrl: 'URL de la foto de perfil no válida',
    validEmail: 'Escribe un correo electrónico válido',
    passwordMin: 'La contraseña debe tener al menos 8 caracteres',
    passwordsDontMatch: 'Las contraseñas no coinciden',
    invalidPhotoUrl: 'URL de la foto no válida',
    captionRequired: 'La descripción es obligatoria',
    captionTooLong: 'La descripción es demasiado larga',
    titleMin: 'El título debe tener al menos 5 caracteres',
    contentMin: 'El contenido debe tener al menos 100 caracteres',
    descriptionMin: 'La descripción debe tener al menos 10 caracteres',
    contactEmail: 'Escribe un correo electrónico válido',
    contactBoth: 'Indica la organización y el correo de su contacto, o ninguno de los dos',
    avatarTooLarge: 'El archivo debe pesar menos de 5 MB',
    avatarNotImage: 'Selecciona un archivo de imagen',
    gradeRange: 'El grado debe estar entre 6 y 12',
    gradeInteger: 'El grado debe ser un número entero',
    serviceHoursMin: 'Las horas de servicio no pueden ser negativas',
    serviceHoursMax: 'Las horas de servicio no pueden superar 10000',
    serviceHoursStep: 'Las horas de servicio van en pasos de 0.5',
    hoursMin: 'Las horas deben ser al menos 0.5',
    hoursMax: 'Las horas no pueden superar 24',
    hoursStep: 'Las horas van en pasos de 0.5',
    hoursDateInFuture: 'La fecha no puede estar en el futuro',
    invalidDate: 'Fecha no válida',
    endBeforeStart: 'El final debe ser posterior al inicio',
    spacesMin: 'Debe haber al menos 1 lugar',
    spacesInteger: 'Los lugares deben ser un número entero',
    spacesMax: 'Los lugares no pueden superar 10000',
    invalidId: 'Identificador no válido',
    invalidStatus: 'El estado debe ser approved o rejected',
    invalidOpportunityStatus: 'El estado debe ser active o archived',
    rolesAtRegistration: 'No se pueden asignar roles al registrarse',
    rolesRequired: 'Indica isAdmin o isSupervisor',
    directoryVisibleRequired: 'directoryVisible debe ser true o false',
    passwordRequired: 'Escribe tu contraseña',
    controlCharacters: 'No debe contener caracteres de control',
    attendedBoolean: 'La asistencia debe ser true o false',
    codeRequired: 'El código es obligatorio',
    checkInCodeDigits: 'El código de registro de asistencia tiene 6 dígitos',
    invalidCursor: 'Cursor no válido',
    invalidLanguage: 'El idioma debe ser en o es',
    notFound: 'No encontrado',
    tooLong: (max) => `Debe tener como máximo ${max} caracteres`,
    unrecognizedField: (name) => `Campo no reconocido: ${name}`,
    expected: (expected, received) => `Se esperaba ${expected}, se recibió ${received}`,
  },
  toasts: {
    errorTitle: 'Error',
    loginFailed: 'No se pudo iniciar sesión',
    registrationFailed: 'No se pudo completar el registro',
    logoutFailed: 'No se pudo cerrar sesión',
    avatarUpdateFailed: 'No se pudo actualizar la foto de perfil',
    userDeleteFailed: 'No se pudo eliminar al usuario',
    schoolChangeFailed: 'No se pudo actualizar la escuela del usuario',
    backupFailed: 'No se pudo descargar la copia de seguridad',
    resetTokenMissing: 'Falta el código para restablecer',
    resetFailed: 'No se pudo restablecer la contraseña',
    resetLinkSentTitle: '¡Enlace enviado!',
    resetLinkSentDescription:
      'Si existe una cuenta con ese correo, se envió un enlace para restablecer la contraseña.',
    passwordResetTitle: '¡Listo!',
    passwordResetDescription: 'Tu contraseña se restableció correctamente.',
    avatarUpdated: 'Foto de perfil actualizada correctamente',
    opportunityCreated: 'Oportunidad creada correctamente',
    signedUp: 'Te inscribiste en esta oportunidad',
    opportunityDeleted: 'Oportunidad eliminada correctamente',
    photoSubmitted: '¡Foto enviada! Se verá cuando un administrador la apruebe.',
    userDeleted: 'Usuario eliminado correctamente',
    userSchoolUpdated: 'Escuela del usuario actualizada correctamente',
    backupDownloaded: 'Copia de seguridad de los usuarios descargada correctamente',
    blogPostSubmitted: 'Tu publicación se envió para revisión',
    blogPostStatusUpdated: 'Estado de la publicación actualizado',
    signupWithdrawn: 'Cancelaste tu inscripción en esta oportunidad',
    opportunityArchived: 'Oportunidad archivada correctamente',
    photoStatusUpdated: 'Estado de la foto actualizado',
    userRolesUpdated: 'Roles del usuario actualizados correctamente',
    userRolesUpdateFailed: 'No se pudieron actualizar los roles del usuario',
    waitlistJoined: 'Te uniste a la lista de espera',
    waitlistLeft: 'Saliste de la lista de espera',
  },
  notificationToast: {
    title: '¡Nueva oportunidad de voluntariado!',
    description: (title, location) => `${title} - ${location}`,
    extraLine: '¡Haz la diferencia hoy!',
  },
  empty: {
    activeOpportunities: 'Todavía no hay oportunidades activas.',
    activeOpportunitiesAdminSuffix: ' ¡Crea una para empezar!',
    archivedEvents: 'Todavía no hay eventos archivados. ¡Vuelve cuando terminen los eventos!',
    photos: 'Todavía no hay fotos. ¡Sé el primero en compartir una!',
    schoolStudents: 'Todavía no hay estudiantes registrados de esta escuela',
    directory: 'Todavía no se ha unido ningún estudiante de ninguna escuela.',
    blogPosts: 'Todavía no hay publicaciones. ¡Sé el primero en compartir tus ideas!',
  },
  screen: {
    landing: 'Haz la diferencia en tu comunidad',
    forgotPasswordLink: '¿Olvidaste tu contraseña?',
    sendResetLink: 'Enviar enlace',
    checkYourEmail: 'Revisa tu correo',
    invalidResetLinkTitle: 'Enlace no válido',
    invalidResetLinkText: 'Este enlace para restablecer la contraseña no es válido o ya venció.',
    resetPasswordButton: 'Restablecer contraseña',
    passwordResetSuccessful: '¡Contraseña restablecida!',
    goToLogin: 'Ir a iniciar sesión',
    volunteerTitle: 'Oportunidades de voluntariado',
    activeOpportunitiesTab: 'Oportunidades activas',
    pastEventsTab: 'Eventos pasados y fotos',
    signUp: 'Inscribirme',
    full: 'Lleno - No hay lugares disponibles',
    joinWaitlist: 'Unirme a la lista de espera',
    leaveWaitlist: 'Salir de la lista de espera',
    waitlistPosition: (position) => `Eres el n.º ${position} en la lista de espera`,
    createOpportunity: 'Crear oportunidad',
    submitPhotos: 'Enviar fotos',
    directoryTitle: 'Directorio de estudiantes',
    backupUserData: 'Copia de seguridad de usuarios',
    deleteUserWarning: 'no se puede deshacer',
    blogTitle: 'Publicaciones de estudiantes',
    writePost: 'Escribir una publicación',
    submitForReview: 'Enviar para revisión',
    unknownAuthor: 'Autor desconocido',
    postedOn: 'Publicado el',
    serviceHoursSignedOut: 'Inicia sesión para registrar tus horas de servicio.',
    logHoursTab: 'Registrar horas',
    myHoursTab: 'Mis horas',
    accessDeniedTitle: 'Acceso denegado',
    accessDeniedText: 'Esta página solo está disponible para supervisores y administradores.',
    allSchools: 'Todas las escuelas',
    notFoundTitle: '404 Página no encontrada',
    notFoundText: '¿Olvidaste agregar la página al enrutador?',
  },
  api: {
    unauthorized: 'No autorizado',
    forbidden: 'Prohibido',
    notFound: 'No encontrado',
    malformedJson: 'El cuerpo JSON está mal formado',
    bodyTooLarge: 'El cuerpo de la solicitud es demasiado grande',
    unsupportedMediaType: 'Tipo de contenido no admitido',
    tooManyRequests: 'Demasiadas solicitudes; inténtalo de nuevo más tarde',
    internalError: 'Error interno del servidor',
    serviceUnavailable: 'Servicio no disponible por el momento',
    invalidCredentials: 'Usuario o contraseña incorrectos',
    wrongPassword: 'Esa contraseña no es correcta',
    usernameTaken: 'Ese nombre de usuario ya existe',
    invalidResetToken: 'El código para restablecer no es válido o ya venció',
    avatarRequired: 'Selecciona un archivo de imagen',
    cannotDeleteSelf: 'No puedes eliminar tu propia cuenta',
    cannotRemoveOwnAdmin: 'No puedes quitarte tus propios permisos de administrador',
    lastAdmin: 'No se puede quitar el rol al último administrador',
    userNotFound: 'Usuario no encontrado',
    opportunityNotFound: 'Oportunidad no encontrada',
    opportunityFull: 'Esta oportunidad está llena',
    opportunityArchived: 'Esta oportunidad ya no acepta inscripciones',
    alreadySignedUp: 'Ya te inscribiste en esta oportunidad',
    notSignedUp: 'No estás inscrito en esta oportunidad',
    opportunityNotFull: 'Esta oportunidad todavía tiene lugares: inscríbete directamente',
    notOnWaitlist: 'No estás en la lista de espera de esta oportunidad',
    photoNotFound: 'Foto no encontrada',
    photoOpportunityMismatch: 'opportunityId no coincide con la URL',
    photoNotArchived: 'Solo se pueden enviar fotos de eventos pasados',
    blogPostNotFound: 'Publicación no encontrada',
    serviceHoursNotFound: 'Registro de horas no encontrado',
    confirmationNotFound: 'Este enlace de confirmación no es válido',
    confirmationGone: 'Este enlace de confirmación ya venció o ya se usó',
    confirmationMailLimit:
      'El correo de confirmación se puede enviar como máximo 3 veces por registro',
    confirmationNotAsked: 'No se pidió a ninguna organización que confirmara este registro',
    onlyPending: 'Solo se pueden revisar los elementos pendientes',
    entryAlreadyReviewed: (status) =>
      `Solo se pueden revisar los elementos pendientes: este registro ya está ${statusEs(status, 'm')}`,
    postAlreadyReviewed: (status) =>
      `Solo se pueden revisar los elementos pendientes: esta publicación ya está ${statusEs(status, 'f')}`,
    confirmationAlreadyDecided: (decision) =>
      decision === 'declined'
        ? 'La organización ya rechazó este registro'
        : decision === 'confirmed'
          ? 'La organización ya confirmó este registro'
          : `La organización ya respondió sobre este registro (${decision})`,
    selfReview: 'No puedes revisar tus propias horas de servicio',
    pdfRequired: 'Envía el PDF como application/pdf',
    recordForOtherStudent: 'Solo un administrador puede emitir un certificado para otro estudiante',
    serviceRecordNotFound: 'Certificado de servicio no encontrado',
    studentNotFound: 'Estudiante no encontrado',
  },
  attendance: {
    wrongCode:
      'Ese código de asistencia es incorrecto o ya venció. Vuelve a escanear el código que se muestra en el evento.',
    checkInClosed:
      'El registro de asistencia está abierto solo desde una hora antes del evento hasta una hora después de que termina',
    notSignedUp: 'No estás inscrito en esta oportunidad',
    studentNotSignedUp: 'Este estudiante no está inscrito en esta oportunidad',
  },
  consent: {
    dateOfBirthRequired: 'La fecha de nacimiento es obligatoria',
    dateOfBirthInvalid: 'Escribe tu fecha de nacimiento como AAAA-MM-DD',
    guardianEmailRequired:
      'Los estudiantes menores de 13 años deben dar el correo electrónico de su madre, padre o tutor',
    guardianEmailInvalid: 'Escribe un correo electrónico válido de tu madre, padre o tutor',
    notAskedInSchoolMode: 'Este distrito no pide este dato',
    restrictedBlog:
      'Tu madre, padre o tutor todavía no ha dado su permiso: podrás publicar cuando lo haga',
    restrictedPhoto:
      'Tu madre, padre o tutor todavía no ha dado su permiso: podrás agregar fotos cuando lo haga',
    restrictedVisibility:
      'Tu madre, padre o tutor todavía no ha dado su permiso: los demás estudiantes podrán verte cuando lo haga',
    invalidConsentLink: 'Este enlace de permiso no es válido, ya se usó o ya venció',
    notPending: 'Esta cuenta no está esperando un permiso',
    resendLimit: `El correo de permiso ya se envió ${CONSENT_MAILS_MAX} veces para esta cuenta`,
    bannerTitle: 'Tu cuenta está limitada hasta que tu madre, padre o tutor dé su permiso',
    bannerText:
      'Como tienes menos de 13 años, enviamos un enlace por correo a tu madre, padre o tutor. Hasta que lo abra y dé su permiso, no puedes publicar en el blog ni agregar fotos, y los demás estudiantes no te ven. Las cuentas sin permiso se eliminan después de 30 días.',
  },
  goals: {
    hoursMin: 'Las horas de la meta deben ser al menos 0.5',
    hoursMax: `Las horas de la meta no pueden superar ${GOAL_HOURS_MAX}`,
    hoursStep: 'Las horas de la meta van en pasos de 0.5',
    school: 'Elige una escuela de la lista',
    dueDate: 'La fecha límite debe ser una fecha (AAAA-MM-DD)',
    duplicate: 'Solo una meta por grado y escuela',
    tooMany: `Como máximo ${HOUR_GOALS_MAX} metas`,
  },
  opportunityEdit: {
    nothingToChange: 'Cambia al menos un campo',
    spacesBelowSignups: (filled) =>
      `Los lugares no pueden ser menos que los ${filled} estudiantes ya inscritos`,
    repeatWeeksRange: 'Repite cada semana entre 2 y 26 veces',
    invalidTimeZone: 'Zona horaria desconocida',
    opportunityUpdated: 'Oportunidad actualizada correctamente',
    seriesCreated: (count) => `${count} oportunidades creadas correctamente`,
  },
  kit: {
    loading: 'Cargando',
    close: 'Cerrar',
    cancel: 'Cancelar',
    optional: '(opcional)',
    noMatches: 'Sin resultados',
    showAllOptions: 'Mostrar todas las opciones',
    notification: 'Notificación',
    notificationsRegion: 'Notificaciones ({hotkey})',
  },
  notifications: {
    waitlistPromoted: {
      title: (v) => `Ya estás inscrito: ${v.title}`,
      body: () =>
        'Se liberó un lugar y eras el siguiente en la lista de espera, así que ya estás inscrito. Si ya no puedes asistir, cancela tu inscripción para que el siguiente estudiante tome el lugar.',
    },
    opportunityChanged: {
      title: (v) => `Cambios en ${v.title}`,
      body: (v) => {
        const when = notificationWhen('es', v.startsAt, v.endsAt, v.timeZone);
        const was = notificationWhen('es', v.wasStartsAt, v.wasEndsAt, v.timeZone);
        return [
          `${v.title} cambió.`,
          when === was ? `Cuándo: ${when}` : `Cuándo: ${when} (antes: ${was})`,
          v.location === v.wasLocation
            ? `Dónde: ${v.location}`
            : `Dónde: ${v.location} (antes: ${v.wasLocation})`,
          'Si ya no puedes asistir, cancela tu inscripción para que alguien más pueda tomar tu lugar.',
        ].join('\n');
      },
    },
    reminderDayBefore: {
      title: (v) => `Mañana: ${v.title}`,
      body: (v) =>
        `${v.title} empieza el ${notificationDate('es', v.startsAt, v.timeZone, 'day')} a las ${notificationDate('es', v.startsAt, v.timeZone, 'time')} en ${v.location}.`,
    },
    reminderToday: {
      title: (v) => `Hoy: ${v.title}`,
      body: (v) =>
        `${v.title} empieza hoy a las ${notificationDate('es', v.startsAt, v.timeZone, 'time')} en ${v.location}.`,
    },
  },
};
