/**
 * The most used passwords of public breach corpora (the top of the SecLists/NCSC "most common" lists),
 * lower-cased, only those of at least PASSWORD_MIN characters: shorter ones are refused anyway. Guessers
 * try these first, so an account holding one falls to a handful of attempts whatever the lockout says.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `123456 123456789 12345678 password qwerty 12345 1234567 1234567890 111111 123123 abc123 000000 iloveyou
  password1 qwerty123 1q2w3e4r 654321 666666 987654321 123321 1qaz2wsx 7777777 121212 555555 123qwe
  qwertyuiop 112233 dragon monkey 1q2w3e4r5t 1q2w3e 123456a 123654 159753 888888 zxcvbnm asdfghjkl
  asdfgh princess football baseball welcome sunshine shadow master letmein trustno1 superman batman
  michael jennifer jordan hunter ashley bailey charlie donald freedom hello123 hello killer secret
  passw0rd password123 password12 password! p@ssword p@ssw0rd admin admin123 administrator root toor
  welcome1 welcome123 qazwsx qwe123 qwerty1 qwerty12 q1w2e3r4 q1w2e3r4t5 a123456 aa123456 abcd1234
  abcdef abcdefg abcdefgh 1234qwer 12qwaszx zaq12wsx zaq1zaq1 asdf1234 asdfasdf 11111111 00000000
  1111111 222222 333333 444444 999999 777777 696969 123123123 1234512345 12341234 147258369 147258
  159357 789456 789456123 456789 987654 0987654321 11223344 5201314 520520 woaini 25251325 iloveu
  iloveyou1 iloveyou2 loveme lovely lovers starwars pokemon naruto computer internet samsung google
  mustang corvette ferrari harley yankees cowboys dallas chelsea liverpool arsenal soccer hockey
  basketball tigger ginger pepper buster maggie cookie chocolate summer winter flower butterfly
  matrix ranger thomas daniel andrew joshua robert george taylor jessica nicole michelle daniela
  anthony william hannah jasmine whatever nothing trustme secret1 secret123 changeme default guest
  test123 testing test1234 access azerty azertyuiop 123abc 1234abcd abc12345 qwertz qwertzuiop
  passwort hallo123 schatz ficken motdepasse soleil bonjour contrase\u00f1a contrasena senha123 haslo
  zaq123 polska parola password01 pass123 pass1234 mypassword mypass letmein1 login 123456789a
  iloveyou! 1password qwerty! qwer1234 asd123 zxc123 zxcvbn zxcvbnm1 computer1 monkey1 dragon1
  shadow1 master1 superman1 batman1 sunshine1 princess1 football1 baseball1 welcome! money
  freedom1 killer1 jordan23 michael1 charlie1 banana orange apple cheese purple silver diamond
  magic bigdog blowme hottie sexy sexy123 fuckyou fuckme porn69 pussy horny naughty vintage
  tube123`
    .split(/\s+/)
    .filter((p) => p.length >= 5),
);
