import { type Person, people } from './catalogue-card';

/** Athletes of the sports categories: name|first card year (the rookie card)|last year|star 1..5[|tag]. */
export const SPORTS_PEOPLE: Record<string, Person[]> = {
  baseball: people(`
Mike Trout|2011|2026|5
Shohei Ohtani|2018|2026|5
Aaron Judge|2017|2026|5
Juan Soto|2018|2026|5
Ronald Acuna Jr.|2018|2026|5
Paul Skenes|2024|2026|5
Derek Jeter|1993|2014|5
Ken Griffey Jr.|1989|2010|5
Mookie Betts|2014|2026|4
Fernando Tatis Jr.|2019|2026|4
Vladimir Guerrero Jr.|2019|2026|4
Bryce Harper|2012|2026|4
Julio Rodriguez|2022|2026|4
Gunnar Henderson|2023|2026|4
Elly De La Cruz|2023|2026|4
Bobby Witt Jr.|2022|2026|4
Roki Sasaki|2025|2026|4
Albert Pujols|2001|2022|4
Clayton Kershaw|2008|2025|4
Chipper Jones|1993|2012|4
Ichiro Suzuki|2001|2019|4
Miguel Cabrera|2003|2023|4
Jackson Holliday|2024|2026|3
Jackson Chourio|2024|2026|3
Corbin Carroll|2023|2026|3
Francisco Lindor|2015|2026|3
Pete Alonso|2019|2026|3
Freddie Freeman|2010|2026|3
Yordan Alvarez|2020|2026|3
Kyle Tucker|2018|2026|3
Corey Seager|2016|2026|3
Jose Altuve|2011|2026|3
Adley Rutschman|2022|2026|3
Jasson Dominguez|2024|2026|3
Wyatt Langford|2024|2026|3
Buster Posey|2010|2021|3
Mariano Rivera|1996|2013|3
Alex Rodriguez|1994|2016|3
Wander Franco|2021|2023|2
Spencer Strider|2022|2026|2
James Wood|2024|2026|3
Dylan Crews|2024|2026|2
`),
  basketball: people(`
LeBron James|2003|2026|5
Michael Jordan|1986|2003|5
Kobe Bryant|1996|2016|5
Stephen Curry|2009|2026|5
Luka Doncic|2018|2026|5
Victor Wembanyama|2023|2026|5
Cooper Flagg|2025|2026|5
Giannis Antetokounmpo|2013|2026|4
Kevin Durant|2007|2026|4
Nikola Jokic|2015|2026|4
Anthony Edwards|2020|2026|4
Jayson Tatum|2017|2026|4
Shai Gilgeous-Alexander|2018|2026|4
Tim Duncan|1997|2016|4
Shaquille O'Neal|1992|2011|4
Allen Iverson|1996|2010|4
Ja Morant|2019|2026|3
Zion Williamson|2019|2026|3
Paolo Banchero|2022|2026|3
Chet Holmgren|2023|2026|3
Trae Young|2018|2026|3
Devin Booker|2015|2026|3
Kevin Garnett|1995|2016|3
Dirk Nowitzki|1998|2019|3
Kawhi Leonard|2012|2026|3
Damian Lillard|2012|2026|3
Jalen Brunson|2018|2026|3
Tyrese Haliburton|2020|2026|3
LaMelo Ball|2020|2026|3
Cade Cunningham|2021|2026|3
Dylan Harper|2025|2026|3
Vince Carter|1998|2020|3
Dwyane Wade|2003|2019|3
Chris Paul|2005|2026|3
Russell Westbrook|2008|2026|3
James Harden|2009|2026|3
Scoot Henderson|2023|2026|2
Brandon Miller|2023|2026|2
Stephon Castle|2024|2026|2
Zaccharie Risacher|2024|2026|2
`),
  football: people(`
Tom Brady|2000|2022|5
Patrick Mahomes|2017|2026|5
Josh Allen|2018|2026|4
Joe Burrow|2020|2026|4
Justin Herbert|2020|2026|4
Lamar Jackson|2018|2026|4
C.J. Stroud|2023|2026|4
Caleb Williams|2024|2026|4
Jayden Daniels|2024|2026|4
Travis Hunter|2025|2026|4
Justin Jefferson|2020|2026|4
Ja'Marr Chase|2021|2026|4
Peyton Manning|1998|2015|4
Jerry Rice|1986|2004|4
Barry Sanders|1989|1998|4
Joe Montana|1981|1994|4
Walter Payton|1976|1987|4
Jalen Hurts|2020|2026|3
Drake Maye|2024|2026|3
Bo Nix|2024|2026|3
Brock Purdy|2022|2026|3
Travis Kelce|2013|2026|3
Aaron Rodgers|2005|2026|3
Emmitt Smith|1990|2004|3
Dan Marino|1984|1999|3
Cam Ward|2025|2026|3
Shedeur Sanders|2025|2026|3
Ashton Jeanty|2025|2026|3
Bijan Robinson|2023|2026|3
Puka Nacua|2023|2026|3
Brock Bowers|2024|2026|3
Marvin Harrison Jr.|2024|2026|3
Malik Nabers|2024|2026|3
Saquon Barkley|2018|2026|3
Derrick Henry|2016|2026|3
Christian McCaffrey|2017|2026|3
CeeDee Lamb|2020|2026|3
Trevor Lawrence|2021|2026|3
Tyreek Hill|2016|2026|2
Micah Parsons|2021|2026|2
`),
  soccer: people(`
Lionel Messi|2004|2026|5
Cristiano Ronaldo|2003|2026|5
Kylian Mbappe|2017|2026|5
Erling Haaland|2019|2026|5
Lamine Yamal|2023|2026|5
Jude Bellingham|2020|2026|4
Vinicius Jr.|2018|2026|4
Mohamed Salah|2012|2026|4
Jamal Musiala|2020|2026|4
Zinedine Zidane|1995|2006|4
Bukayo Saka|2019|2026|3
Phil Foden|2017|2026|3
Kevin De Bruyne|2012|2026|3
Harry Kane|2013|2026|3
Pedri|2020|2026|3
Florian Wirtz|2020|2026|3
Endrick|2023|2026|3
Neymar Jr.|2010|2026|3
Ronaldinho|2001|2013|3
Christian Pulisic|2016|2026|3
Cole Palmer|2023|2026|3
Luka Modric|2008|2025|3
Alejandro Garnacho|2022|2026|2
Rodrygo|2019|2026|2
Son Heung-min|2011|2026|2
Federico Valverde|2018|2026|2
Declan Rice|2018|2026|2
Martin Odegaard|2015|2026|2
`),
  hockey: people(`
Connor McDavid|2015|2026|5
Wayne Gretzky|1979|1999|5
Connor Bedard|2023|2026|5
Sidney Crosby|2005|2026|4
Alex Ovechkin|2005|2026|4
Macklin Celebrini|2024|2026|4
Auston Matthews|2016|2026|4
Mario Lemieux|1985|2006|4
Cale Makar|2019|2026|3
Nathan MacKinnon|2013|2026|3
Leon Draisaitl|2014|2026|3
Jack Hughes|2019|2026|3
Matvei Michkov|2024|2026|3
Kirill Kaprizov|2020|2026|3
Patrick Roy|1985|2003|3
Jaromir Jagr|1990|2018|3
David Pastrnak|2014|2026|2
Igor Shesterkin|2020|2026|2
Adam Fantilli|2023|2026|2
Lane Hutson|2024|2026|2
Quinn Hughes|2019|2026|2
Nikita Kucherov|2013|2026|2
`),
  wnba: people(`
Caitlin Clark|2024|2026|5
Paige Bueckers|2025|2026|4
Angel Reese|2024|2026|4
A'ja Wilson|2018|2026|4
Sabrina Ionescu|2020|2026|4
Diana Taurasi|2004|2024|4
Breanna Stewart|2016|2026|3
Sue Bird|2002|2022|3
Candace Parker|2008|2023|3
Cameron Brink|2024|2026|3
Aliyah Boston|2023|2026|3
Napheesa Collier|2019|2026|3
Kamilla Cardoso|2024|2026|2
Kelsey Plum|2017|2026|2
Rickea Jackson|2024|2026|2
Arike Ogunbowale|2019|2026|2
Jackie Young|2019|2026|2
Kahleah Copper|2016|2026|2
`),
  golf: people(`
Tiger Woods|2001|2026|5
Scottie Scheffler|2021|2026|4
Rory McIlroy|2009|2026|4
Jack Nicklaus|2001|2026|4
Jordan Spieth|2014|2026|3
Jon Rahm|2017|2026|3
Phil Mickelson|2001|2026|3
Ludvig Aberg|2024|2026|3
Arnold Palmer|2001|2016|3
Collin Morikawa|2021|2026|2
Xander Schauffele|2021|2026|2
Nelly Korda|2021|2026|2
Bryson DeChambeau|2021|2026|2
Viktor Hovland|2021|2026|2
`),
  tennis: people(`
Roger Federer|1998|2022|5
Carlos Alcaraz|2021|2026|5
Jannik Sinner|2021|2026|5
Rafael Nadal|2002|2024|4
Novak Djokovic|2004|2026|4
Serena Williams|1998|2022|4
Coco Gauff|2019|2026|3
Iga Swiatek|2020|2026|3
Naomi Osaka|2018|2026|2
Andy Murray|2005|2024|2
Venus Williams|1998|2022|2
Ben Shelton|2023|2026|2
Aryna Sabalenka|2018|2026|2
Holger Rune|2022|2026|2
`),
  racing: people(`
Max Verstappen|2020|2026|5|f1
Lewis Hamilton|2007|2026|5|f1
Charles Leclerc|2018|2026|4|f1
Lando Norris|2019|2026|4|f1
Oscar Piastri|2023|2026|4|f1
Kimi Antonelli|2025|2026|4|f1
Michael Schumacher|1991|2012|4|f1
Ayrton Senna|1984|1994|4|f1
Fernando Alonso|2001|2026|3|f1
George Russell|2019|2026|3|f1
Carlos Sainz|2015|2026|2|f1
Oliver Bearman|2024|2026|2|f1
Dale Earnhardt|1979|2001|4|nascar
Jeff Gordon|1992|2015|3|nascar
Dale Earnhardt Jr.|1999|2017|3|nascar
Jimmie Johnson|2002|2020|3|nascar
Chase Elliott|2015|2026|2|nascar
Kyle Larson|2014|2026|2|nascar
Denny Hamlin|2005|2026|2|nascar
`),
  combat: people(`
Conor McGregor|2013|2026|5|ufc
Jon Jones|2009|2026|4|ufc
Khabib Nurmagomedov|2012|2020|4|ufc
Alex Pereira|2022|2026|4|ufc
Israel Adesanya|2018|2026|3|ufc
Ilia Topuria|2023|2026|3|ufc
Islam Makhachev|2015|2026|3|ufc
Sean O'Malley|2020|2026|3|ufc
Ronda Rousey|2012|2016|3|ufc
Georges St-Pierre|2005|2017|3|ufc
Valentina Shevchenko|2016|2026|2|ufc
Muhammad Ali|1960|1981|5|boxing
Mike Tyson|1985|2005|4|boxing
Floyd Mayweather|1996|2017|3|boxing
Canelo Alvarez|2010|2026|3|boxing
Manny Pacquiao|1998|2021|3|boxing
Oleksandr Usyk|2013|2026|2|boxing
`),
  wrestling: people(`
The Rock|1997|2026|5
John Cena|2002|2026|4
Stone Cold Steve Austin|1996|2003|4
Hulk Hogan|1985|2012|4
Undertaker|1991|2020|4
Roman Reigns|2012|2026|3
Cody Rhodes|2008|2026|3
Rhea Ripley|2017|2026|3
CM Punk|2006|2026|3
Macho Man Randy Savage|1985|1999|3
Ric Flair|1985|2012|3
Bianca Belair|2019|2026|2
Randy Orton|2002|2026|2
Seth Rollins|2012|2026|2
Becky Lynch|2014|2026|2
Jey Uso|2011|2026|2
Gunther|2019|2026|2
Liv Morgan|2015|2026|2
`),
};
