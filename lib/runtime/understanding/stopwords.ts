import { words } from "./text-match";

// Words that say nothing about what a customer wants, dropped before knowledge and catalog search, so
// "what are your opening hours?" searches for "opening hours", "vocês têm estacionamento?" for
// "estacionamento" and "do you sell cars?" finds nothing. English, European Portuguese and Spanish in
// full (with WhatsApp shorthand: "u", "pls", "vcs", "q"); French and German in brief.
//
// Never listed: words that are themselves a question's subject in a restaurant ("open", "aberto",
// "hours", "horas", "menu", "mesa", "dia", "hoje"), even where generic lists have them.

const lists: Record<string, string> = {
  en: `a an the and or but if of to in on at by for with from about as into over after before up down out off is are was
    were be been being am do does did done dont doesnt didnt have has had having can cant could will would wont shall should
    may might must i im ive id me my mine we were us our ours you youre your yours u ur r he him his she her it its they
    them their theirs this that these those there here what whats which who whom whose when where wheres why how any some
    all each every no not yes please pls plz thanks thank thx hi hiya heya hello hey ok okay tell know want wanna need like get got
    give let make just also too very much many more most so than then s m guys guy ya anyone someone something anything sth smth smthg smthn
    still really actually maybe kind sort bit lot lots options option restaurant exactly near nearby nearest closest take
    anyway anyways btw possible`,
  pt: `o os a as um uma uns umas de do da dos das no na nos nas em num numa ao aos por pelo pela pelos pelas para pra pro
    com sem e ou mas que q qual quais quem quando onde aonde como eu tu ele ela eles elas voce voces vc vcs nos vos me te
    se lhe lhes meu minha meus minhas teu tua seu sua seus suas nosso nossa tem tens temos teem ter tenho ha haver sao e
    esta estao estou estamos estava foi ser sou somos sim nao obrigado obrigada ola oi vou vai quero queria queremos
    gostaria gostava pode podem posso poderia isso isto esse essa este aquele aquela aqui ai la ja so tambem muito muita
    mais favor pf pfv ate alguma algum alguem coisa saber dizer diz faz fazem fazer fazes opcao opcoes nada restaurante exatamente exactamente perto proximo proxima possivel queriamos gostariamos`,
  es: `el la los las un una unos unas del al de en por para con sin y o u que q cual cuales quien cuando donde adonde como
    es son esta estan estoy estamos era fue ser soy somos yo tu usted ustedes vosotros nosotros me te se le les lo mi mis
    su sus nuestro nuestra tiene tienen tengo tenemos hay hola si no gracias quiero queria quisiera queremos gustaria
    puede pueden puedo podria eso esto ese esa este aqui alli ya tambien muy mucho mas favor porfa alguna alguno alguien
    algo saber decir dime tienes teneis hace hacen haceis hacer opcion opciones nada solo restaurante estais estas exactamente exacto cerca posible queriamos quisieramos`,
  fr: `le les une des du de la au aux en par pour avec sans et ou que qui quoi quand comment est sont ai as avez avons je tu il
    elle nous vous ils elles mon ma mes votre vos son sa ses oui non merci bonjour salut c est`,
  de: `der die das den dem des ein eine einen einem einer und oder aber von zu im in am an auf mit fur ohne ist sind war ich
    du er sie es wir ihr mein meine dein ihre unser haben hat gibt wann wo wie was wer ja nein danke hallo`,
};

export const stopwords: ReadonlySet<string> = new Set(
  Object.values(lists)
    .flatMap((list) => list.split(/\s+/))
    .filter(Boolean),
);

/** The words of a message worth searching for. */
export function meaningfulWords(text: string): string[] {
  return words(text).filter((w) => !stopwords.has(w) && (w.length > 1 || /\d/.test(w)));
}
