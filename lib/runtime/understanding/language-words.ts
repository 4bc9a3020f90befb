// Words that tell English, Portuguese and Spanish apart in short WhatsApp messages, where a trigram
// detector has too little to go on. Only words that belong to ONE of the three count (normalized:
// lower case, no accents): "mesa", "para", "reserva", "que", "no", "a" or "ok" say nothing, so a
// message made of them keeps the conversation's language. European Portuguese first, with the few
// Brazilian spellings customers also use ("vc", "kkk").

const list = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

export const markerWords = {
  en: list(`
    the you your youre yours u ur r is are was were what whats where wheres when how why who which does did dont doesnt
    can cant could would will wont i im ive id we were our us my have has had hi hello hey hiya thanks thank thx ty tks
    please pls plz table tables tomorrow tonight today people guys book booking order want need like just of to in on at
    with and for from there this that it its yes yeah yep yup nope bye goodbye cya sorry good great nice cool morning
    evening afternoon night some any about get got be been am an located open opening hours much many pick pickup
    delivery deliver address parking name monday tuesday wednesday thursday friday saturday sunday one two three four five
    six seven eight nine ten eleven twelve cheers awesome lol welcome actually instead change make quote reservation
    takeaway takeout appointment price contact call should delivered salad salads drink drinks dessert desserts take away
    home near nearby nearest close far pay card cash kids dog dogs amazing last dinner lunch yesterday restaurant january
    february march april may june july august september october november december christmas tmrw tmr tmw 2moro 2morrow ppl
  `),
  pt: list(`
    nao sim obrigado obrigada obrigadao obrigadinho obg obgd brigado ola oi voces voce vcs vc estao estou sou sao tem
    teem tenho temos tens onde ao aos um uma uns umas da das num numa pelo pela pelos pelas pra pro sem mais muito muita
    muitos bom boa boas noite hoje amanha depois ate logo agora eu ele ela eles elas meu minha meus minhas nosso nossa isso
    isto aquilo pode podem posso fazer gostaria gostava tambem tb tbm quero querem tudo bem vou vamos pessoas pessoa nome
    chamo jantar almoco almocar segunda terca quarta quinta sexta feira dois duas quatro oito nove dez sete doze onze pf pfv
    entao qual quais quanto quanta quantos quantas preco morada estacionamento aberto abertos aberta abertas fechado fechados
    fica ficam encomenda encomendar desculpe desculpa perfeito otimo certo adeus tchau xau beijinhos beijos valeu vlw ja
    e na nas kkk kkkk kkkkk rsrs noites tardinha senhor senhora com vai vao passar alguem conversa
    responda novo nova nesta neste nessa nesse desse dessa deste desta lhe lhes quer queres estava foi fui preciso precisa
    precisamos levar quando aonde sempre agradeco marcar marcacao pessoal malta fixe bue opcoes natal possivel aceitam aceitamos
    janeiro fevereiro maio junho julho setembro outubro novembro dezembro perto cartao dinheiro criancas cao esplanada ainda afinal mudar alterar voltar
    hj msm fecham abrem fazem servem entregam estacionar
  `),
  es: list(`
    si venga gracias grax hola buenas buenos bueno buena usted ustedes vosotros estan estoy soy son donde hay tienen tiene tengo
    tenemos quiero quieren el los las del al una unos unas y con sin muy mucho mucha muchos noche hoy manana despues hasta
    luego ahora yo mi mis nuestro nuestra eso esto puede pueden puedo hacer gustaria tambien bien voy personas persona
    nombre llamo cena cenar almuerzo almorzar lunes martes miercoles jueves viernes cuatro ocho nueve diez siete doce once
    entonces cual cuales cuanto cuanta cuantos cuantas precio direccion aparcamiento estacionamiento aparcar abierto
    abiertos abierta abiertas cerrado cerrados recoger domicilio disculpe perdon perdona siento perfecto genial vale adios
    chao jaja jajaja jajajaja porfa porfis ubicados ubicacion ubicado tarjeta efectivo ninos perro terraza todavia cambiar
    mejor pasado noches tardes senor senora lo nuevo nueva quiere quieres estaba fue
    necesito necesita necesitamos llevar cuando siempre agradezco guay queda cerca solo abris aceptan aceptais opciones navidad posible
    enero febrero marzo mayo junio julio septiembre octubre noviembre diciembre
    sois teneis haceis abren cierran servis
  `),
} as const;
