// The help centre's first answers, written for a nutritionist starting with Almendra, in an impersonal
// voice (no tú or vos) so the same text reads right in es and es-AR. Inserted once by
// migration 0014; admins edit, reorder or delete them from /admin like any other entry.
import { plainText, searchKey } from '../../lib/rich-text.js';

interface SeedItem {
  id: string;
  question: string;
  answerHtml: string;
}
interface SeedCategory {
  id: string;
  name: string;
  items: SeedItem[];
}

/** Until issue 24 the answer said a new appointment emails a confirmation, which it never did. */
export const CREAR_CITA_OLD_ANSWER =
  '<p>En <strong>Citas</strong>, con el botón <strong>Nueva cita</strong> o con un clic en un hueco libre del calendario. ' +
  'Se elige el paciente (o se crea uno nuevo desde allí), el lugar y el servicio. Si el paciente tiene correo, recibe la confirmación y un recordatorio antes del turno.</p>' +
  '<p>Una cita se mueve arrastrándola a otro horario; un horario se bloquea con una cita sin paciente.</p>';

export const CREAR_CITA_ANSWER =
  '<p>En <strong>Citas</strong>, con el botón <strong>Nueva cita</strong> o con un clic en un hueco libre del calendario. ' +
  'Se elige el paciente (o se crea uno nuevo desde allí), el lugar y el servicio.</p>' +
  '<p>Agendar una cita no envía ningún correo. Si el paciente tiene correo, recibe un recordatorio a las 9 del día anterior al turno; ' +
  'al mover una cita, el aviso <strong>Avisar al paciente</strong> le envía por correo el nuevo horario.</p>' +
  '<p>Una cita se mueve arrastrándola a otro horario; un horario se bloquea con una cita sin paciente («Tiempo libre»). ' +
  'Cada cita muestra el nombre del paciente y un ícono de su estado (agendada, por confirmar, completada); la leyenda debajo del calendario los explica.</p>';

const CATEGORIES: SeedCategory[] = [
  {
    id: 'faq-cat-pacientes',
    name: 'Pacientes',
    items: [
      {
        id: 'faq-crear-paciente',
        question: '¿Cómo creo un paciente?',
        answerHtml:
          '<p>En <strong>Pacientes</strong>, con el botón <strong>Nuevo paciente</strong>. Solo el nombre, el apellido y el sexo son obligatorios; ' +
          'la fecha de nacimiento permite calcular la edad y los valores de referencia de cada consulta.</p>' +
          '<p>Al guardar se abre su <strong>ficha</strong>, donde se completan los antecedentes, los hábitos, los análisis y los recordatorios a medida que se conocen.</p>',
      },
      {
        id: 'faq-importar-pacientes',
        question: '¿Puedo importar mis pacientes desde una planilla?',
        answerHtml:
          '<p>Sí. En <strong>Pacientes</strong>, el botón <strong>Importar</strong> acepta un archivo CSV o Excel. ' +
          'Antes de importar se muestra cómo se leyó cada columna, con la opción de indicar a qué dato corresponde cada una o de marcarla como «No importar».</p>',
      },
      {
        id: 'faq-papelera',
        question: 'Borré un paciente por error, ¿puedo recuperarlo?',
        answerHtml:
          '<p>Sí, durante 30 días. Los pacientes eliminados quedan en la papelera de la lista de <strong>Pacientes</strong> y se pueden restaurar con todos sus datos.</p>',
      },
    ],
  },
  {
    id: 'faq-cat-consultas',
    name: 'Consultas',
    items: [
      {
        id: 'faq-crear-consulta',
        question: '¿Cómo registro una consulta?',
        answerHtml:
          '<p>Desde la ficha del paciente, con el botón <strong>Nueva consulta</strong> (o desde la pantalla <strong>Nueva consulta</strong>, eligiendo al paciente). ' +
          'Se cargan el peso y la talla y, si se midieron, los pliegues cutáneos, los perímetros, los diámetros y la bioimpedancia.</p>' +
          '<p>El índice de masa corporal, la composición corporal y el gasto energético se calculan a medida que se cargan los datos. ' +
          'Con <strong>Guardar consulta</strong> la consulta queda en la pestaña <strong>Consultas</strong> de la ficha, junto con la evolución del paciente.</p>',
      },
      {
        id: 'faq-consulta-desde-cita',
        question: '¿Puedo empezar la consulta desde una cita?',
        answerHtml:
          '<p>Sí. Al abrir la cita en <strong>Citas</strong> se puede comenzar la consulta: queda vinculada a esa cita y al lugar de atención, y el turno pasa a completado al guardarla.</p>',
      },
    ],
  },
  {
    id: 'faq-cat-planes',
    name: 'Planes de alimentación',
    items: [
      {
        id: 'faq-crear-plan',
        question: '¿Cómo armo un plan de alimentación?',
        answerHtml:
          '<p>Hay tres tipos de plan: <strong>simple</strong> (texto libre por comida), <strong>por fórmula</strong> (alimentos con cantidades y el cálculo de energía y nutrientes) ' +
          'y <strong>por intercambios</strong> (porciones de cada grupo de intercambio).</p>' +
          '<p>Para un paciente: en su ficha, pestaña <strong>Planes</strong>, botón <strong>Nuevo plan</strong>. ' +
          'Para reutilizar un plan con varios pacientes conviene crearlo como plantilla en <strong>Plantillas</strong> y copiarlo luego a cada ficha.</p>' +
          '<p>Un plan se puede guardar como borrador mientras se prepara; el paciente solo lo ve cuando deja de ser borrador.</p>',
      },
      {
        id: 'faq-nombres-comidas',
        question: '¿Puedo cambiar los nombres de las comidas del día?',
        answerHtml:
          '<p>Sí, en <strong>Configuración</strong>, pestaña <strong>Comidas</strong>. Los planes nuevos usan los nombres elegidos allí.</p>',
      },
    ],
  },
  {
    id: 'faq-cat-citas',
    name: 'Citas y agenda',
    items: [
      {
        id: 'faq-lugares-horarios',
        question: '¿Qué configuro antes de dar citas?',
        answerHtml:
          '<p>En <strong>Configuración</strong>, pestaña <strong>Lugares de atención</strong>: cada consultorio con su dirección y su horario semanal, ' +
          'y los servicios que se ofrecen en él (con su duración y su precio). La agenda solo ofrece turnos dentro de esos horarios.</p>',
      },
      {
        id: 'faq-crear-cita',
        question: '¿Cómo agendo una cita?',
        answerHtml:
          CREAR_CITA_ANSWER,
      },
    ],
  },
  {
    id: 'faq-cat-portal',
    name: 'Portal del paciente',
    items: [
      {
        id: 'faq-invitar-portal',
        question: '¿Cómo invito a un paciente al portal?',
        answerHtml:
          '<p>En la ficha del paciente, tarjeta <strong>Portal del paciente</strong>, botón <strong>Invitar al portal</strong>. ' +
          'El paciente recibe por correo un enlace y un código para elegir su contraseña; la invitación también se puede enviar por WhatsApp.</p>' +
          '<p>Desde el portal el paciente ve sus planes, escribe por chat y completa su registro diario (comidas, agua, sueño y actividad), que aparece en la pestaña <strong>Registro diario</strong> de su ficha.</p>',
      },
      {
        id: 'faq-revocar-portal',
        question: '¿Puedo quitarle el acceso al portal a un paciente?',
        answerHtml:
          '<p>Sí, desde la misma tarjeta de la ficha. Al revocar el acceso se cierra su sesión en todos sus dispositivos; las conversaciones y los registros se conservan.</p>',
      },
    ],
  },

  {
    id: 'faq-cat-perfil',
    name: 'Perfil público y solicitudes de turno',
    items: [
      {
        id: 'faq-perfil-publico',
        question: '¿Qué es el perfil público?',
        answerHtml:
          '<p>Una página propia, visible sin cuenta, con la presentación, los títulos, los estudios, la experiencia, los servicios y los lugares de atención con sus horarios. ' +
          'Se arma en <strong>Configuración</strong>, pestaña <strong>Perfil web</strong>, donde también se elige su dirección (por ejemplo /p/lic-nombre) y se publica con <strong>Perfil publicado</strong>. ' +
          'Sin publicar, la dirección muestra que el perfil no existe.</p>',
      },
      {
        id: 'faq-solicitud-turno',
        question: '¿Qué pasa cuando llega una solicitud de turno desde el perfil?',
        answerHtml:
          '<p>La persona elige lugar, servicio y un horario libre, o pide que la llamen. Recibe un correo que confirma que la <strong>solicitud</strong> llegó: todavía no es un turno. ' +
          'El horario queda reservado en <strong>Citas</strong> como «Por confirmar» (con borde punteado) y la solicitud aparece en <strong>Marketing</strong>, con un aviso en el menú.</p>' +
          '<p>Al confirmarla, la cita queda agendada y la persona recibe un correo; al rechazarla se indica el motivo, que se le envía por correo, y el horario se libera. ' +
          'Quien solicita un turno queda en <strong>Pacientes → Nuevos</strong> hasta su primera consulta, o hasta que se la pasa a los pacientes desde allí.</p>',
      },
    ],
  },
  {
    id: 'faq-cat-marketing',
    name: 'Marketing y estadísticas',
    items: [
      {
        id: 'faq-marketing',
        question: '¿Qué muestra Marketing?',
        answerHtml:
          '<p>Las solicitudes de turno del perfil público, primero las no vistas, con teléfono, correo, un enlace a WhatsApp y a la ficha de la persona; las citas realizadas; ' +
          'y cuántas solicitudes llegaron, cuántas se confirmaron y cuántas llegaron a una primera consulta.</p>',
      },
      {
        id: 'faq-exportar-contactos',
        question: '¿Cómo exporto los contactos de los pacientes para enviarles novedades?',
        answerHtml:
          '<p>En <strong>Pacientes</strong>, botón <strong>Exportar contactos</strong>: un archivo CSV con nombre, apellido, correo, celular y si acepta recibir novedades. ' +
          'Por defecto incluye solo a quienes aceptaron. En español el archivo separa las columnas con punto y coma, para que Excel lo abra en columnas.</p>',
      },
      {
        id: 'faq-estadisticas',
        question: '¿Qué muestran las estadísticas?',
        answerHtml:
          '<p>En <strong>Estadísticas</strong>, para el mes y el año elegidos: los logros de los pacientes, los pacientes nuevos y las consultas realizadas por mes, ' +
          'las edades, el género y los tipos de paciente, lo cobrado por mes y el promedio de consultas por paciente. <strong>Descargar CSV</strong> baja todas las series en un archivo.</p>',
      },
    ],
  },
  {
    id: 'faq-cat-suscripcion',
    name: 'Suscripción y cobros',
    items: [
      {
        id: 'faq-prueba-gratis',
        question: '¿Cuánto dura la prueba gratis y qué pasa cuando termina?',
        answerHtml:
          '<p>Cada cuenta empieza con una prueba gratis (15 días, salvo que el plan del país indique otra duración). ' +
          'El estado, el plan y la fecha de vigencia se ven en <strong>Mi cuenta</strong>, pestaña <strong>Facturación</strong>.</p>' +
          '<p>Si la prueba termina sin un pago, o un período pago vence (con 5 días de gracia y un aviso), la cuenta queda en solo lectura: todo se puede ver y exportar y nada se borra. ' +
          'Al pagar, los cambios vuelven a guardarse.</p>',
      },
      {
        id: 'faq-pagar-suscripcion',
        question: '¿Cómo pago la suscripción?',
        answerHtml:
          '<p>En <strong>Planes</strong> (o desde el aviso de la cuenta) se elige un plan mensual, semestral o anual. ' +
          'Se paga con Mercado Pago o Stripe cuando el servidor los tiene configurados, o con las instrucciones de pago manual (por ejemplo, una transferencia) de quien administra el servidor, que registra el pago. ' +
          'Los datos para la factura se cargan en <strong>Mi cuenta → Facturación</strong>.</p>' +
          '<p>La suscripción se cancela desde la misma pestaña: la cuenta sigue activa hasta el final del período pago y se puede reactivar.</p>',
      },
      {
        id: 'faq-cobros-pacientes',
        question: '¿Cómo registro lo que paga un paciente?',
        answerHtml:
          '<p>En la ficha del paciente, pestaña <strong>Cobros</strong>: el monto, la fecha y el medio (efectivo, transferencia, Mercado Pago, tarjeta o prepaga). ' +
          'Cada cobro tiene un recibo numerado en PDF, la ficha muestra el saldo del paciente y <strong>Estadísticas</strong> suma lo cobrado en cada mes.</p>',
      },
    ],
  },
  {
    id: 'faq-cat-chat',
    name: 'Chat y videollamadas',
    items: [
      {
        id: 'faq-chat-video',
        question: '¿Cómo hablo con un paciente por chat o por videollamada?',
        answerHtml:
          '<p>Con los pacientes que tienen acceso al portal. En <strong>Chat</strong> (o con el botón de chat: en la esquina de la pantalla, o arriba en un teléfono) se abre la conversación; ' +
          'desde ella, el botón <strong>Videollamada</strong> llama al paciente, que atiende desde su portal.</p>',
      },
    ],
  },
];

export const FAQ_SEED = CATEGORIES.map((category) => ({
  ...category,
  items: category.items.map((item) => ({ ...item, searchText: searchKey(`${item.question} ${plainText(item.answerHtml)}`) })),
}));
