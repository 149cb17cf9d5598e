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
          '<p>En <strong>Citas</strong>, con el botón <strong>Nueva cita</strong> o con un clic en un hueco libre del calendario. ' +
          'Se elige el paciente (o se crea uno nuevo desde allí), el lugar y el servicio. Si el paciente tiene correo, recibe la confirmación y un recordatorio antes del turno.</p>' +
          '<p>Una cita se mueve arrastrándola a otro horario; un horario se bloquea con una cita sin paciente.</p>',
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
];

export const FAQ_SEED = CATEGORIES.map((category) => ({
  ...category,
  items: category.items.map((item) => ({ ...item, searchText: searchKey(`${item.question} ${plainText(item.answerHtml)}`) })),
}));
