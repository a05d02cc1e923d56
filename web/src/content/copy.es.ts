/**
 * The center's long-form words in Spanish (issue 14): the same exports as `copy.ts`, with the same types,
 * so both languages keep one shape (`copy.test.ts` also checks the same keys and lengths and that nothing
 * was left in English). Written for the families, not word for word: warm, and in "usted" to parents.
 * Names, the address, the phone number and the email stay as they are in `site.ts`.
 */
import type { DashboardCopy, Faq, HomeCopy, PhilosophyCopy, TermsCopy, Testimonial } from './copy';
import { site } from './site';

/** "08:00" → "8:00 a. m.", "17:30" → "5:30 p. m." */
function hora(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'a. m.' : 'p. m.'}`;
}

/** `site.hours` in Spanish, from the same opening times (the days are `site.openingHours.days`). */
const horario = `de lunes a viernes, de ${hora(site.openingHours.opens)} a ${hora(site.openingHours.closes)}`;

export const homeCopyEs: HomeCopy = {
  headline: 'Un centro de aprendizaje como ningún otro',
  subtitle: 'Inscripciones abiertas para nuevos alumnos',
  intro:
    'Un programa matutino pequeño y acogedor en Redwood City, donde niños de tres años y medio a cinco años juegan, construyen, leen y crecen, con maestros que conocen a cada niño por su nombre.',
  philosophyButton: 'Conozca nuestra filosofía',
  philosophyStatement:
    'Los niños aprenden mejor cuando se sienten seguros, comprendidos y libres para asombrarse.',
  philosophyStatementBy: 'Lo que nos guía desde que abrimos nuestras puertas',
  philosophyTeaser: [
    'Creemos que los primeros años son para la curiosidad, no para la presión. Nuestros días combinan la exploración con las manos, los cuentos, la música, el juego al aire libre y lecciones en grupos pequeños que, casi sin que se note, van sentando las bases de las letras, los números y las habilidades sociales que los niños necesitan para el kínder.',
    'Nuestros grupos son pequeños a propósito, para que los maestros descubran qué es lo que entusiasma a cada niño y lo acompañen desde ahí, ya sean los bichos del jardín, una torre de bloques o la primera vez que escribe su nombre.',
  ],
  philosophyLink: 'Lea más sobre nuestra filosofía',
  testimonialButton: 'Lo que dicen las familias',
  programsHeading: 'Nuestros programas',
  programs: {
    morning: {
      title: 'Programa matutino',
      ages: 'De 3½ a 5 años',
      status: 'Inscripciones abiertas',
      description:
        'Mañanas de lunes a viernes para aprender jugando: las primeras letras y los números a través de juegos, arte, música, ciencia en la mesa sensorial y mucho tiempo al aire libre. Incluye un refrigerio saludable y sin nueces.',
      button: 'Ver sesiones e inscribirse',
    },
    tutoring: {
      title: 'Tutorías individuales y en grupos pequeños',
      ages: 'De kínder a 6.º grado',
      status: 'Comienzan en otoño de 2024',
      description:
        'Tutorías por la tarde en lectura, escritura y matemáticas con un maestro certificado, de forma individual o en grupos de hasta cuatro niños. Ya estamos anotando nombres en la lista de espera y nos comunicaremos con las familias en el orden en que se anotaron.',
      button: 'Lista de espera de tutorías',
    },
  },
  photosHeading: 'Asómese a nuestro día',
  photosIntro: 'Nuestro salón, nuestro jardín y los pequeños momentos que hacen especial cada mañana.',
  quickLinksHeading: 'Venga a conocernos',
  tourButton: 'Agende una visita',
};

export const philosophyCopyEs: PhilosophyCopy = {
  title: 'Nuestra filosofía',
  lead: 'Los niños aprenden mejor cuando se sienten seguros, comprendidos y libres para asombrarse. Todo lo que hacemos —el tamaño de nuestros grupos, la forma de nuestras mañanas, la manera en que hablamos con las familias— parte de ahí.',
  sections: [
    {
      heading: 'Los niños pequeños aprenden jugando',
      paragraphs: [
        'Un niño de cuatro años que construye una rampa para un carrito está poniendo a prueba sus ideas sobre la altura, la velocidad, la causa y el efecto. Un grupo que juega a tener una panadería está contando, tomando turnos, escribiendo menús y resolviendo desacuerdos. Planeamos estos momentos a propósito y participamos en ellos como guías, con preguntas que amplían su forma de pensar sin quitarles el protagonismo.',
        'Aquí no verá hojas de ejercicios ni largos ratos sentados sin moverse. Verá niños ocupados, concentrados y orgullosos de lo que hicieron.',
      ],
    },
    {
      heading: 'Grupos pequeños, maestros que conocen a su hijo',
      paragraphs: [
        'Tenemos un maestro por cada ocho niños y nunca más de dieciséis niños en el salón. Con grupos así de pequeños, el maestro se da cuenta de quién está listo para un rompecabezas más difícil, quién necesita un rincón tranquilo después de una llegada agitada y quién apenas empieza a juntar letras para leer sus primeras palabras.',
        'Nuestros maestros cuentan con unidades universitarias o títulos en educación infantil, y la mayoría lleva años con nosotros. La continuidad importa: los niños se adaptan más rápido y se animan a probar más cosas cuando los adultos a su alrededor les son familiares.',
      ],
    },
    {
      heading: 'Listos para el kínder, en todos los sentidos',
      paragraphs: [
        'Estar listo para el kínder es mucho más que saber letras y números. Es ponerse la chamarra sin ayuda, pedir ayuda, esperar su turno, volver a intentarlo después de equivocarse y ser amable con un amigo que está triste. Trabajamos en todo eso, todos los días, junto con los primeros pasos en la lectura, la escritura y las matemáticas.',
        'En la primavera antes del kínder, le entregamos un breve resumen por escrito de las fortalezas de su hijo o hija y de sus próximos pasos, para que pueda hablar con confianza con su futura maestra o maestro de kínder.',
      ],
    },
    {
      heading: 'Al aire libre, todos los días',
      paragraphs: [
        'Nuestro jardín tiene camas de cultivo elevadas, una cocinita de lodo, un arenero y un rincón de pasto alto que es perfecto para buscar caracoles. A menos que esté lloviendo a cántaros, salimos todas las mañanas. El aire fresco, el movimiento y la tierra de verdad son parte de lo que aprendemos.',
      ],
    },
    {
      heading: 'Las familias son nuestras aliadas',
      paragraphs: [
        'Nadie conoce a su hijo mejor que usted. Cuando se une a nosotros, le preguntamos por sus rutinas, sus preocupaciones y sus cosas favoritas; compartimos fotos y notas del día en el Portal de familias, y nos reunimos con cada familia dos veces al año. Nuestra puerta siempre está abierta: si algo le inquieta, llámenos, escríbanos o búsquenos a la hora de la salida.',
      ],
    },
  ],
  closing: 'La mejor manera de conocernos es visitarnos. Nos encantará mostrarle el centro.',
};

export const testimonialsEs: ReadonlyArray<Testimonial> = [
  {
    quote:
      'En otros lugares, Maya lloraba cada mañana al despedirnos durante toda la primera semana. En Bright Oak, la maestra Rivera se sentó con ella junto a la pecera hasta que estuvo lista, y para la segunda semana Maya ya entraba corriendo sin voltear atrás. Ahora, todas las noches en la cena, nos cuenta de su “investigación de caracoles”.',
    name: 'Jessica',
    detail: 'mamá de Maya, 4 años',
  },
  {
    quote:
      'Visitamos cinco preescolares en la Península. Este fue el único donde los maestros estuvieron sentados en el piso con los niños todo el tiempo que estuvimos ahí. Lo de los grupos pequeños es verdad, y se nota.',
    name: 'Daniel',
    detail: 'papá de Leo, 5 años',
  },
  {
    quote:
      'Nuestro hijo es alérgico al cacahuate, así que cualquier programa nos ponía nerviosos. El personal nos mostró su cocina sin nueces, su plan para la alergia está a la vista de todos los maestros, y nos avisan cada vez que cambia algo en los refrigerios. Por fin pudimos estar tranquilos.',
    name: 'Priya',
    detail: 'mamá de Arjun, 3 años y medio',
  },
  {
    quote:
      'Sofia empezó el kínder este otoño escribiendo ya su nombre, contando más allá del cincuenta y, lo más importante, con muchas ganas de aprender. Su maestra de kínder nos preguntó a qué preescolar había ido.',
    name: 'Carlos',
    detail: 'papá de Sofia, que ya tiene 6 años',
  },
  {
    quote:
      'Me encantan las notitas y las fotos del portal. En un día pesado en el trabajo, ver a Nora llena de pintura y sonriendo de oreja a oreja es lo mejor que hay en mi teléfono.',
    name: 'Emily',
    detail: 'mamá de Nora, 4 años',
  },
  {
    quote:
      'Inscribirnos en línea nos tomó diez minutos, y cuando se llenó la sesión de otoño, la lista de espera de verdad funcionó: dos semanas después nos llegó un correo con un lugar para Hana. Aquí todo es organizado y cariñoso.',
    name: 'Kevin',
    detail: 'papá de Hana, 3 años y medio',
  },
  {
    quote:
      'Nuestros gemelos son muy distintos, y los maestros se dieron cuenta enseguida: Theo tiene tiempo extra en el rincón de bloques, y Ava, la mesa de arte y la tarea de ayudar a preparar el refrigerio. Los dos llegan a casa felices y cansados.',
    name: 'Rachel',
    detail: 'mamá de Theo y Ava, 5 años',
  },
];

export const faqsEs: ReadonlyArray<Faq> = [
  {
    question: '¿Qué edades atienden?',
    answer: [
      'Nuestro programa matutino es para niños de 3½ a 5 años, hasta que empiezan el kínder. A partir del otoño de 2024 también ofreceremos tutorías para niños de kínder a 6.º grado (de unos 5 a 12 años).',
    ],
  },
  {
    question: '¿Cuál es su horario?',
    answer: [
      `El centro está abierto ${horario}. El programa matutino es de 8:30 a. m. a 12:30 p. m., y puede traer a su hijo desde las 8:15 a. m. Cuando empiecen las tutorías, serán por la tarde, entre las 3:00 y las 5:30 p. m.`,
    ],
  },
  {
    question: '¿Cuántos niños hay en cada grupo y cuántos maestros?',
    answer: [
      'Tenemos un maestro por cada ocho niños y nunca más de dieciséis niños en el salón. Es mucho menos de lo que permite la licencia en California, y es el corazón de nuestra forma de trabajar.',
    ],
  },
  {
    question: '¿Ofrecen refrigerios? ¿Cómo manejan las alergias?',
    answer: [
      'Sí. Todos los días servimos un refrigerio saludable a media mañana —fruta o verdura con un cereal integral, queso o yogur— y agua durante toda la mañana. Nuestro centro es libre de nueces.',
      'Antes del primer día, anote todas las alergias de su hijo en el Portal de familias (Mis hijos). Las alergias de cada niño están a la vista de todos los maestros, y si su hijo tiene una alergia alimentaria, le llamaremos antes de ofrecerle cualquier alimento nuevo. Si su hijo usa un autoinyector de epinefrina, traiga dos, junto con el plan de acción de su médico.',
    ],
  },
  {
    question: '¿Mi hijo o hija necesita saber ir al baño sin ayuda?',
    answer: [
      'Pedimos que, al empezar, los niños ya vayan al baño casi solos, aunque los accidentes son completamente normales y los atendemos con cariño y discreción. Por favor, mande todos los días una muda de ropa marcada con su nombre. Si están en pleno proceso de dejar el pañal, hable con nosotros: con gusto haremos un plan juntos.',
    ],
  },
  {
    question: '¿Cuánto cuesta? ¿Qué es la cuota de materiales?',
    answer: [
      'Cada sesión muestra en su página, en Sesiones, la colegiatura (el precio de inscripción) y una cuota única de materiales, para que vea el total antes de inscribirse. La cuota de materiales cubre el material de arte, los libros, lo necesario para el jardín y los materiales del salón que su hijo usa durante la sesión.',
      'Usted paga en línea con tarjeta al inscribirse, en la página de pago segura de nuestro proveedor de pagos; nosotros nunca vemos ni guardamos el número de su tarjeta. Sus recibos están en el Portal de familias, en Pagos.',
    ],
  },
  {
    question: '¿Cuándo abren las inscripciones? ¿Y si una sesión está llena?',
    answer: [
      'Cada sesión tiene un periodo de inscripción prioritaria para las familias que regresan y para las que recibieron un lugar desde la lista de espera; después viene la inscripción general, abierta a todos. Las fechas aparecen en la página de cada sesión.',
      'Si una sesión está llena, puede anotarse en su lista de espera desde la página de la sesión. Los lugares se ofrecen en el orden en que se anotaron las familias. Cuando se abre un lugar, le enviamos un correo y se lo guardamos durante 48 horas.',
    ],
  },
  {
    question: '¿Quién puede recoger a mi hijo?',
    answer: [
      'Solo usted y los contactos de emergencia que haya autorizado en el Portal de familias para recoger a su hijo o hija. A cualquier persona que todavía no conozcamos le pedimos una identificación con foto en la puerta, cada vez, hasta que la conozcamos bien. Si ese día cambian los planes, llámenos: no entregaremos a su hijo o hija a nadie que no esté en la lista.',
      'La salida es a más tardar a las 12:30 p. m. Si se le hace tarde, llámenos para que podamos avisarle a su hijo que ya va en camino.',
    ],
  },
  {
    question: '¿Qué hacen cuando un niño se enferma?',
    answer: [
      'Por favor, deje a su hijo en casa si tiene fiebre de 100.4 °F o más, si ha vomitado o tenido diarrea, o si tiene un sarpullido sin explicación, y hasta 24 horas después de que pasen los síntomas sin medicamentos para bajar la fiebre. Si su hijo se siente mal en el centro, le llamaremos para que pase por su hijo o hija dentro de la siguiente hora.',
      'Avísenos de cualquier enfermedad contagiosa, como una infección de garganta por estreptococo, la enfermedad de manos, pies y boca o la conjuntivitis, para que podamos avisar a las demás familias (sin mencionar a su hijo).',
    ],
  },
  {
    question: '¿Podemos visitarlos antes de decidir?',
    answer: [
      '¡Por supuesto! Las visitas duran unos 30 minutos y son entre semana por la mañana, a las 9:30 o a las 11:00, mientras el programa está en marcha, para que vea cómo es una mañana de verdad. Use “Agende una visita” en nuestra página de contacto y le responderemos en un día hábil para confirmar la hora. Sus hijos son bienvenidos.',
    ],
  },
  {
    question: 'Cuénteme de las tutorías. ¿Cuándo empiezan?',
    answer: [
      'Las tutorías de kínder a 6.º grado empiezan en el otoño de 2024. Un maestro certificado trabaja con los niños de forma individual o en grupos pequeños de hasta cuatro, en lectura, escritura y matemáticas, según lo que estén viendo en la escuela de su hijo. Anótese en la lista de espera de tutorías y, en cuanto tengamos el horario, nos comunicaremos con las familias en el orden en que se anotaron.',
    ],
  },
  {
    question: '¿Qué debe traer mi hijo?',
    answer: [
      'Una mochila donde quepa una carpeta, una botella de agua reutilizable, una muda completa de ropa (con calcetines y ropa interior) en una bolsa marcada, y una chamarra o un suéter: las mañanas en Redwood City pueden ser frescas. Los días de sol, póngale protector solar antes de llegar. Los zapatos deben ser cerrados y buenos para correr. Marque todo con el nombre de su hijo.',
    ],
  },
  {
    question: '¿Cómo me mantengo en contacto con los maestros de mi hijo?',
    answer: [
      'Los avisos y recursos de cada sesión aparecen en el Portal de familias, en Mis sesiones, y los avisos importantes también llegan por correo electrónico (y por mensaje de texto, si lo activa). Los maestros están disponibles para platicar un momento a la llegada y a la salida, y puede escribir o llamar al centro cuando quiera.',
    ],
  },
  {
    question: '¿El centro tiene licencia?',
    answer: [
      'Sí. Somos un centro de cuidado infantil con licencia en California, inspeccionado con regularidad por Community Care Licensing. A todo el personal se le tomaron huellas digitales y se le revisaron los antecedentes, y todos están certificados en primeros auxilios pediátricos y RCP.',
    ],
  },
];

export const termsCopyEs: TermsCopy = {
  title: 'Términos y condiciones',
  lastModified: 'última modificación: 21 de febrero de 2022',
  intro: `Estos términos se aplican al sitio web de ${site.name} y a su Portal de familias (en conjunto, “el sitio”). Al usar el sitio, usted los acepta. Si no está de acuerdo, le pedimos que no use el sitio y que se comunique con nosotros: con gusto le ayudamos por teléfono o por correo electrónico.`,
  sections: [
    {
      heading: 'Quiénes somos',
      paragraphs: [
        `${site.name} (“nosotros”) es un centro de cuidado infantil y aprendizaje con licencia, ubicado en ${site.address.street}, ${site.address.city}, ${site.address.state} ${site.address.zip}. Nuestros datos de contacto están al final de esta página.`,
      ],
    },
    {
      heading: 'Uso del sitio',
      paragraphs: [
        'Puede usar el sitio para conocer nuestros programas, comunicarse con nosotros, administrar la información de su familia e inscribir a sus hijos. Le pedimos que no intente entrar a cuentas o información que no sean suyas, interferir con el funcionamiento del sitio ni usar herramientas automatizadas para extraer información de él.',
      ],
    },
    {
      heading: 'Su cuenta del Portal de familias',
      paragraphs: [
        'Debe tener al menos 18 años y ser madre, padre o tutor legal de los niños que agregue a su cuenta. Le pedimos que dé información correcta —sobre todo las alergias, las notas médicas y las personas autorizadas para recoger a sus hijos— y que la mantenga al día. La seguridad de sus hijos depende de ello.',
        'No comparta su contraseña con nadie. Usted es responsable de lo que se haga con su cuenta; si cree que otra persona la ha usado, cambie su contraseña y avísenos de inmediato.',
      ],
    },
    {
      heading: 'Inscripciones, pagos y listas de espera',
      paragraphs: [
        'Un lugar en una sesión queda confirmado solo cuando se completa el pago. Los pagos los procesa nuestro proveedor de pagos con tarjeta en su propia página de pago segura; nosotros no recibimos ni guardamos números de tarjeta. Si el pago no se completa, el lugar que le apartamos queda libre.',
        'Los lugares de la lista de espera se ofrecen en el orden en que se anotaron las familias. Cada oferta se mantiene durante el plazo indicado en nuestro correo; después pasa a la siguiente familia. Las políticas de cada sesión sobre expectativas, salida y recogida tardía, que aparecen en la página de la sesión, forman parte de su inscripción.',
        'Las bajas y los reembolsos siguen la política indicada para la sesión en el momento de la inscripción. Si tenemos que cancelar una sesión, le reembolsamos todo lo que pagó por ella.',
      ],
    },
    {
      heading: 'La información de su familia',
      paragraphs: [
        'Usamos la información que nos da solo para cuidar y enseñar a sus hijos, para comunicarnos con usted y para cumplir con las obligaciones de nuestra licencia. No la vendemos ni la compartimos con fines publicitarios. El personal ve solo lo que necesita para hacer su trabajo.',
        'El sitio no usa cookies de rastreo. El almacenamiento local de su navegador guarda el tema que eligió, su idioma y, cuando inicia sesión, su sesión de acceso. Puede pedirnos en cualquier momento una copia de su información, o que la corrijamos o la eliminemos, salvo cuando las normas de licencia nos obliguen a conservar los registros.',
        'En cualquier momento puede descargar todo lo que tenemos sobre su familia con “Descargar los datos de mi familia” en el Portal de familias: un solo archivo, fácil de leer para las personas y para las hojas de cálculo. Ahí mismo puede cerrar su cuenta, después de volver a escribir su contraseña. Al cerrarla se borran los datos de sus hijos y de sus contactos, los pases para recoger, los lugares, los lugares en listas de espera, los registros de llegada y los mensajes que le enviamos; solo conservamos sus pagos anteriores, sin nombres ni datos de contacto, porque nuestra contabilidad debe reflejarlos. No podemos cerrar una cuenta mientras un niño esté inscrito en una sesión que no ha terminado o mientras haya un pago o un reembolso en curso; le diremos cuál es el caso, y le enviaremos un correo cuando la cuenta quede cerrada.',
      ],
    },
    {
      heading: 'Fotos y contenido',
      paragraphs: [
        'Los textos, fotos e ilustraciones del sitio son nuestros o se usan con permiso. Solo publicamos fotos de niños cuyos padres hayan dado su consentimiento por escrito, y nunca con el nombre completo del niño. Las fotos que compartimos con usted en el Portal de familias son para el uso personal de su familia.',
      ],
    },
    {
      heading: 'Mensajes de nuestra parte',
      paragraphs: [
        'Al crear una cuenta, acepta recibir correos electrónicos sobre su cuenta, sus inscripciones y los avisos de las sesiones de sus hijos. Los mensajes de texto se envían solo a los contactos que los activan, y puede darse de baja en cualquier momento desde el Portal de familias o respondiendo STOP.',
      ],
    },
    {
      heading: 'Enlaces a otros sitios',
      paragraphs: [
        'El sitio tiene enlaces a otros servicios, como sitios de reseñas, redes sociales, nuestro proveedor de mapas y nuestro proveedor de pagos. No somos responsables de su contenido ni de sus prácticas de privacidad; se aplican sus propios términos.',
      ],
    },
    {
      heading: 'Disponibilidad y responsabilidad',
      paragraphs: [
        'Nos esforzamos por mantener el sitio correcto y disponible, pero se ofrece “tal cual” y es posible que en ocasiones no esté disponible o contenga errores. En la medida en que la ley lo permita, no somos responsables de pérdidas indirectas o consecuentes derivadas del uso del sitio. Nada en estos términos limita nuestras responsabilidades en el cuidado de sus hijos conforme a nuestro contrato de inscripción y a las leyes de California.',
      ],
    },
    {
      heading: 'Cambios y ley aplicable',
      paragraphs: [
        'Podemos actualizar estos términos de vez en cuando; la fecha al principio de esta página indica la versión más reciente, y avisaremos por correo a los titulares de cuentas sobre cualquier cambio importante. Estos términos se rigen por las leyes del Estado de California.',
      ],
    },
  ],
  contactHeading: '¿Tiene preguntas sobre estos términos?',
};

export const dashboardCopyEs: DashboardCopy = {
  intro: 'Todo lo de su familia en un solo lugar. Continúe donde se quedó:',
  sections: [
    {
      key: 'students',
      title: 'Mis hijos',
      description: 'Agregue a sus hijos y mantenga al día sus datos y alergias antes de su primer día.',
    },
    {
      key: 'contacts',
      title: 'Contactos de emergencia',
      description:
        'Las personas a quienes podemos llamar en una emergencia, y quién tiene permiso para recoger a sus hijos.',
    },
    {
      key: 'sessions',
      title: 'Mis sesiones',
      description:
        'Las sesiones en las que están inscritos sus hijos, con los avisos y recursos de los maestros.',
    },
    {
      key: 'billing',
      title: 'Pagos',
      description: 'Sus pagos y recibos.',
    },
    {
      key: 'browse',
      title: 'Ver sesiones',
      description:
        'Vea las próximas sesiones, inscriba a sus hijos o anótese en una lista de espera si una sesión está llena.',
    },
  ],
};
